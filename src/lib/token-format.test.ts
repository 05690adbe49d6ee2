import { describe, expect, it } from "vitest";
import { formatToken, formatTokenAmount, formatTokenUnits } from "./token-format";

describe("token amounts in the reader's language", () => {
  it("uses the reader's separators, as fiat does: a comma in French, a point in English", () => {
    expect(formatTokenAmount({ value: "1234500000", decimals: 6, currency: "USDC" }, "en")).toBe("1,234.5 USDC");
    expect(formatTokenAmount({ value: "1234500000", decimals: 6, currency: "USDC" }, "fr")).toBe("1\u202f234,5 USDC");
  });

  it("never rounds: every digit of an 18-decimal token is kept", () => {
    expect(formatTokenUnits("1000000000000000001", 18, "USDT", "fr")).toBe("1,000000000000000001 USDT");
    expect(formatTokenUnits("1", 6, "USDC", "en")).toBe("0.000001 USDC");
  });

  it("falls back to the plain text rather than throwing", () => {
    expect(formatTokenUnits("not a number", 6, "USDC", "en")).toBe("not a number USDC");
    expect(formatToken("12.5", "USDC", "not-a-language-tag!")).toBe("12.5 USDC");
  });
});
