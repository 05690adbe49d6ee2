import { describe, expect, it } from "vitest";
import { formatTimeLeft, formatTokenUnits, isoDuration } from "./pay-format";

describe("formatTimeLeft", () => {
  it.each([
    [0, "0:00"],
    [-5000, "0:00"],
    [999, "0:01"],
    [65_000, "1:05"],
    [29 * 60_000 + 59_000, "29:59"],
    [3_723_000, "1:02:03"],
  ])("%d ms reads %s", (ms, text) => {
    expect(formatTimeLeft(ms)).toBe(text);
  });

  it("gives the same time as an ISO duration", () => {
    expect(isoDuration(3_723_000)).toBe("PT1H2M3S");
    expect(isoDuration(-1)).toBe("PT0H0M0S");
  });
});

describe("formatTokenUnits", () => {
  it("writes base units in the reader's language, never rounded", () => {
    expect(formatTokenUnits("1000001", 6, "USDC", "en")).toBe("1.000001 USDC");
    expect(formatTokenUnits("1234500000", 6, "USDC", "fr")).toBe("1\u202f234,5 USDC");
  });
});
