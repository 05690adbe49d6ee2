import { describe, expect, it } from "vitest";
import { chartDays, noPaymentsIn, percentChange, toBillingCurrency, type ConsolidatedDto } from "./dashboard";

describe("dashboard figures", () => {
  it.each([
    [2, 1, 100],
    [1, 2, -50],
    [3, 3, 0],
    [1, 3, -66.7],
    [5, 0, null],
    [0, 0, null],
  ])("percentChange(%d, %d) = %s", (current, previous, expected) => {
    expect(percentChange(current, previous)).toBe(expected);
  });

  it("converts USD to the billing currency with 2 decimals (SPEC §9)", () => {
    expect(toBillingCurrency("12.5", "0.92592592")).toBe("11.57");
    expect(toBillingCurrency(10, "1")).toBe("10.00");
    expect(toBillingCurrency("x", "1")).toBe("0.00");
  });

  it("orders the chart's days oldest first", () => {
    const current = { "2026-11-24": { paid: "2", count: 1 }, "2026-11-22": { paid: "0", count: 0 }, "2026-11-23": { paid: "1.5", count: 2 } };
    expect(chartDays({ current } as unknown as ConsolidatedDto)).toEqual([
      { date: "2026-11-22", paid: 0, count: 0 },
      { date: "2026-11-23", paid: 1.5, count: 2 },
      { date: "2026-11-24", paid: 2, count: 1 },
    ]);
  });

  it("finds a range without payments: no days, or only zeros", () => {
    expect(noPaymentsIn({ current: {} })).toBe(true);
    expect(noPaymentsIn({ current: { "2026-11-04": { paid: "0", count: 0 }, "2026-11-05": { paid: "0.00", count: 0 } } })).toBe(true);
    expect(noPaymentsIn({ current: { "2026-11-04": { paid: "0", count: 0 }, "2026-11-05": { paid: "0.01", count: 1 } } })).toBe(false);
  });
});
