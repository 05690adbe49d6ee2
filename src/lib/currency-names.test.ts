import { describe, expect, it } from "vitest";
import { currencyName } from "./currency-names";

describe("currencyName", () => {
  it("names a currency in the reader's language", () => {
    expect(currencyName("USD", "en")).toBe("US Dollar");
    expect(currencyName("USD", "fr")).toBe("dollar des États-Unis");
    expect(currencyName("eur", "fr")).toBe("euro");
  });

  it("keeps the name given, else the code, for what Intl does not know", () => {
    expect(currencyName("USDC", "fr", "USD Coin")).toBe("USD Coin");
    expect(currencyName("USDC", "fr")).toBe("USDC");
    expect(currencyName("not a code", "fr", "Given")).toBe("Given");
  });
});
