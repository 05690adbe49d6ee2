import { describe, expect, it } from "vitest";
import { defaultFilters } from "@/lib/transaction-filters";
import { changedFilters } from "./changed-filters";

const defaults = defaultFilters(new Date("2026-11-05T12:00:00Z"));

describe("changedFilters", () => {
  it("counts nothing at the defaults, nor the search text that stays in sight", () => {
    expect(changedFilters(defaults, defaults)).toBe(0);
    expect(changedFilters({ ...defaults, filterText: "abc" }, defaults)).toBe(0);
  });
  it("counts each folded filter that differs once", () => {
    expect(changedFilters({ ...defaults, txStatus: ["paid"], timeStart: "01/11/2026", minAmount: "5", maxAmount: "9" }, defaults)).toBe(4);
  });
  it("reads lists as sets: the same statuses in another order are not a change", () => {
    expect(changedFilters({ ...defaults, txStatus: [...defaults.txStatus].reverse() }, defaults)).toBe(0);
    expect(changedFilters({ ...defaults, filterFields: ["hash", "order_id", "email"] }, defaults)).toBe(1);
  });
});
