import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usdcToTokenUnits } from "./token-amount";

describe("usdcToTokenUnits", () => {
  it("keeps 6-decimals amounts, scales up to 18 decimals exactly", () => {
    expect(usdcToTokenUnits(12_500_000n, 6)).toBe(12_500_000n);
    expect(usdcToTokenUnits(12_500_000n, 18)).toBe(12_500_000_000_000_000_000n);
  });

  it("scales down rounding up, so the merchant never gets less", () => {
    expect(usdcToTokenUnits(12_500_001n, 2)).toBe(1251n);
    expect(usdcToTokenUnits(12_500_000n, 2)).toBe(1250n);
    expect(usdcToTokenUnits(1n, 0)).toBe(1n);
  });

  it("is never worth less than the quote, and less than one token unit more", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 0, max: 36 }), (usdc, decimals) => {
        const units = usdcToTokenUnits(usdc, decimals);
        // Compare both in 36-decimals units.
        const quoted = usdc * 10n ** 30n;
        const paid = units * 10n ** BigInt(36 - decimals);
        return paid >= quoted && paid - quoted < 10n ** BigInt(36 - decimals);
      }),
    );
  });

  it("refuses impossible decimals", () => {
    expect(() => usdcToTokenUnits(1n, -1)).toThrow(RangeError);
    expect(() => usdcToTokenUnits(1n, 37)).toThrow(RangeError);
    expect(() => usdcToTokenUnits(1n, 1.5)).toThrow(RangeError);
  });
});
