import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_FORMULA_TRIGGERS, csvSafeText } from "./csv-cell";

describe("csvSafeText", () => {
  it.each([
    ["=HYPERLINK(\"http://evil.example\",\"click\")", "'=HYPERLINK(\"http://evil.example\",\"click\")"],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["A-1042", "A-1042"],
    ["a=b", "a=b"],
    ["", ""],
    ["'already", "'already"],
  ])("%j → %j", (input, output) => {
    expect(csvSafeText(input)).toBe(output);
  });

  it("never leaves a trigger first, and only ever adds one leading quote", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const safe = csvSafeText(s);
        expect((CSV_FORMULA_TRIGGERS as readonly string[]).includes(safe[0] ?? "")).toBe(false);
        expect(safe === s || safe === `'${s}`).toBe(true);
      }),
    );
  });
});
