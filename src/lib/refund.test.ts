import { describe, expect, it } from "vitest";
import { REFUND_PERCENT, amountForPercent, percentForAmount, refundLabel } from "./refund";

describe("the partial refund's slider and amount follow each other", () => {
  it.each<[bigint, number, bigint]>([
    [12_500_000n, 100, 12_500_000n],
    [12_500_000n, 50, 6_250_000n],
    [12_500_000n, 1, 125_000n],
    [12_500_000n, 0, 125_000n], // below the minimum: 1 %
    [12_500_000n, 150, 12_500_000n], // above: 100 %
    [3n, 33, 1n], // rounded down, never more than available
    [1n, 1, 1n], // at least one unit
    [0n, 50, 0n],
  ])("%s × %s %% = %s", (available, percent, amount) => {
    expect(amountForPercent(available, percent)).toBe(amount);
  });

  it.each<[bigint, bigint, number]>([
    [12_500_000n, 12_500_000n, 100],
    [12_500_000n, 2_500_000n, 20],
    [12_500_000n, 1n, 1],
    [12_500_000n, 99_999_999n, 100],
    [0n, 5n, REFUND_PERCENT.default],
  ])("%s of %s reads %s %%", (available, amount, percent) => {
    expect(percentForAmount(available, amount)).toBe(percent);
  });

  it("labels amounts with their token", () => {
    expect(refundLabel(12_500_000n, 6, "USDC")).toBe("12.5 USDC");
    expect(REFUND_PERCENT).toEqual({ min: 1, max: 100, default: 100 });
  });
});
