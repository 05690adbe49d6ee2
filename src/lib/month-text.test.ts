import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoToMonth, monthProblem, monthToIso, tidyMonth } from "./month-text";

describe("month text (MM/yyyy)", () => {
  it.each([
    ["112026", "11/2026"],
    ["11-2026", "11/2026"],
    ["11.2026", "11/2026"],
    ["1/2026", "01/2026"],
    ["2026-11", "11/2026"],
    ["2026-1", "01/2026"],
    [" 11/2026 ", "11/2026"],
    ["Nov 2026", "Nov 2026"],
    ["", ""],
  ])("tidies %j to %j", (typed, tidy) => expect(tidyMonth(typed)).toBe(tidy));

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["11/2026", null],
    ["112026", null],
    ["13/2026", "impossible"],
    ["00/2026", "impossible"],
    ["11/0999", "impossible"],
    ["11/26", "format"],
    ["November", "format"],
    ["11/2026/1", "format"],
  ])("%j has problem %j", (typed, problem) => expect(monthProblem(typed)).toBe(problem));

  it("converts to and from the API's yyyy-MM", () => {
    expect(isoToMonth("2026-11")).toBe("11/2026");
    expect(isoToMonth("2026-13")).toBe("");
    expect(isoToMonth("2026-11-05")).toBe("");
    expect(monthToIso("1/2026")).toBe("2026-01");
    expect(monthToIso("13/2026")).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const iso = `${year}-${String(month).padStart(2, "0")}`;
        expect(monthToIso(isoToMonth(iso))).toBe(iso);
      }),
    );
  });
});
