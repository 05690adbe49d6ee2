import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fiatToUsdcBaseUnits, roundRate } from "./fiat-conversion";

describe("fiat → USDC", () => {
  it("converts at the rate, USD at par", () => {
    expect(fiatToUsdcBaseUnits("12.5", "1")).toBe(12_500_000n);
    expect(fiatToUsdcBaseUnits("10", "1.08")).toBe(10_800_000n);
    expect(fiatToUsdcBaseUnits("0.1", "1")).toBe(100_000n);
  });

  it("rounds up so the merchant is never short", () => {
    // 1 JPY at 0.0066666666 USD = 6666.6666 base units → 6667
    expect(fiatToUsdcBaseUnits("1", "0.0066666666")).toBe(6_667n);
  });

  it("keeps rates to 8 decimals and refuses bad input", () => {
    expect(roundRate("1.123456789123")).toBe("1.12345678");
    expect(roundRate("2")).toBe("2");
    expect(() => fiatToUsdcBaseUnits("-1", "1")).toThrow(RangeError);
    expect(() => fiatToUsdcBaseUnits("1", "0")).toThrow(RangeError);
    expect(() => fiatToUsdcBaseUnits("abc", "1")).toThrow(RangeError);
  });

  it("never asks less than price × rate", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 500_000_000 }), (cents, rateUnits) => {
        const price = (cents / 100).toFixed(2);
        const rate = (rateUnits / 1e8).toFixed(8);
        const units = fiatToUsdcBaseUnits(price, rate);
        const exact = BigInt(cents) * 10_000n * BigInt(rateUnits); // price·1e6 · rate·1e8
        expect(units * 100_000_000n >= exact).toBe(true);
        expect((units - 1n) * 100_000_000n < exact).toBe(true);
      }),
    );
  });
});
