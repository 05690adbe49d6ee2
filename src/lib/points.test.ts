import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { displayPoints, formatPoints, pointsEarned, POINTS_DECIMALS, sumPoints, toDollarUnits, type PointsPayment } from "./points";

const usdc = (amount: bigint, kind: PointsPayment["kind"] = "received", decimals = 6): PointsPayment => ({ kind, token: "USDC", amount, decimals });
const ONE = 10n ** BigInt(POINTS_DECIMALS);

describe("toDollarUnits", () => {
  it.each([
    [1_000_000n, 6, ONE],
    [1n, 6, 10n ** 12n],
    [10n ** 18n, 18, ONE],
    [12_500_000n, 6, 12n * ONE + ONE / 2n],
    [0n, 0, 0n],
  ])("%s base units at %s decimals → %s", (amount, decimals, expected) => {
    expect(toDollarUnits(amount, decimals)).toBe(expected);
  });

  it.each([-1, 19, 1.5])("refuses %s decimals", (decimals) => {
    expect(() => toDollarUnits(1n, decimals)).toThrow(RangeError);
  });
});

describe("sumPoints", () => {
  it.each<[string, PointsPayment[], { received: string; sent: string; ramp: string }, number]>([
    ["nothing", [], { received: "0", sent: "0", ramp: "0" }, 0],
    ["$12.50 received: 12.5 points, 13 earned (rounded up)", [usdc(12_500_000n)], { received: "12.5", sent: "0", ramp: "0" }, 13],
    ["$1 sent is 1 point", [usdc(1_000_000n, "sent")], { received: "0", sent: "1", ramp: "0" }, 1],
    ["$1 through the ramp is 2 points", [usdc(1_000_000n, "ramp")], { received: "0", sent: "0", ramp: "2" }, 2],
    ["one base unit still earns a whole point", [usdc(1n)], { received: "0.000001", sent: "0", ramp: "0" }, 1],
    [
      "USDT with 18 decimals and USDC with 6 add up exactly",
      [{ kind: "received", token: "USDT", amount: 5n * 10n ** 17n, decimals: 18 }, usdc(500_000n)],
      { received: "1", sent: "0", ramp: "0" },
      1,
    ],
    [
      "the rounding is on the sum, not per total",
      [usdc(400_000n), usdc(400_000n, "sent"), usdc(100_000n, "ramp")],
      { received: "0.4", sent: "0.4", ramp: "0.2" },
      1,
    ],
    ["a token that is not a dollar counts nothing", [{ kind: "received", token: "SOL", amount: 10n ** 9n, decimals: 9 }], { received: "0", sent: "0", ramp: "0" }, 0],
    ["token names are matched whatever their case", [{ kind: "sent", token: "usdt", amount: 2_000_000n, decimals: 6 }], { received: "0", sent: "2", ramp: "0" }, 2],
    ["non-positive amounts count nothing", [usdc(0n), usdc(-5_000_000n)], { received: "0", sent: "0", ramp: "0" }, 0],
  ])("%s", (_name, payments, totals, earned) => {
    const units = sumPoints(payments);
    expect({ received: formatPoints(units.received), sent: formatPoints(units.sent), ramp: formatPoints(units.ramp) }).toEqual(totals);
    expect(pointsEarned(units)).toBe(earned);
  });

  it("earned is the smallest whole number at or above the exact sum (property)", () => {
    const payment = fc.record({
      kind: fc.constantFrom("received" as const, "sent" as const, "ramp" as const),
      token: fc.constantFrom("USDC", "USDT"),
      amount: fc.bigInt({ min: 0n, max: 10n ** 15n }),
      decimals: fc.constantFrom(6, 18),
    });
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 20 }), (payments) => {
        const units = sumPoints(payments);
        const sum = units.received + units.sent + units.ramp;
        const earned = BigInt(pointsEarned(units));
        expect(earned * ONE).toBeGreaterThanOrEqual(sum);
        expect((earned - 1n) * ONE).toBeLessThan(sum === 0n ? 1n : sum);
      }),
    );
  });
});

describe("displayPoints", () => {
  it.each([
    ["0", "en", "0"],
    ["12.5", "en", "12.5"],
    ["1.1", "en", "1.1"],
    ["0.000001", "en", "0.01"],
    ["1234.567", "en", "1,234.57"],
    ["1234.5", "fr", "1\u202f234,5"],
    ["not a number", "en", "0"],
  ])("%s in %s → %s", (text, locale, shown) => {
    expect(displayPoints(text, locale)).toBe(shown);
  });
});
