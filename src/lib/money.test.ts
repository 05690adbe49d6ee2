import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatBaseUnits, parseBaseUnits } from "./money";

describe("money in base units", () => {
  it("formats without floating point", () => {
    expect(formatBaseUnits(1_500_000n, 6)).toBe("1.5");
    expect(formatBaseUnits(1n, 6)).toBe("0.000001");
    expect(formatBaseUnits(0n, 6)).toBe("0");
    expect(formatBaseUnits(-250_000n, 6)).toBe("-0.25");
    expect(formatBaseUnits(123n, 0)).toBe("123");
    expect(formatBaseUnits(10n ** 30n, 18)).toBe("1000000000000");
  });

  it("parses decimal text and refuses what it would have to round", () => {
    expect(parseBaseUnits("1.5", 6)).toBe(1_500_000n);
    expect(parseBaseUnits(" 0.1 ", 6)).toBe(100_000n);
    expect(parseBaseUnits("-2", 6)).toBe(-2_000_000n);
    expect(() => parseBaseUnits("0.0000001", 6)).toThrow(RangeError);
    expect(() => parseBaseUnits("1e3", 6)).toThrow(RangeError);
    expect(() => parseBaseUnits("", 6)).toThrow(RangeError);
    expect(() => formatBaseUnits(1n, -1)).toThrow(RangeError);
  });

  it("round-trips any amount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 24 }), (amount, decimals) => {
        expect(parseBaseUnits(formatBaseUnits(amount, decimals), decimals)).toBe(amount);
      }),
    );
  });
});
