import { describe, expect, it } from "vitest";
import { BLACK, WHITE, contrastRatio, readableTextOn, relativeLuminance } from "./contrast";

describe("readableTextOn", () => {
  it("puts white on dark colours and black on light ones", () => {
    expect(readableTextOn("#000000")).toBe(WHITE);
    expect(readableTextOn("#1e3a8a")).toBe(WHITE);
    expect(readableTextOn("#ffffff")).toBe(BLACK);
    expect(readableTextOn("#ffeb3b")).toBe(BLACK);
    // Mid green: white only reaches ~2.2:1 here, black ~9.6:1.
    expect(readableTextOn("#4caf50")).toBe(BLACK);
  });

  it("keeps at least 4.5:1 (WCAG AA for text) for every colour on a coarse grid", () => {
    const steps = ["00", "33", "66", "99", "cc", "ff", "76", "77"];
    for (const r of steps) for (const g of steps) for (const b of steps) {
      const bg = `#${r}${g}${b}`;
      expect(contrastRatio(bg, readableTextOn(bg)), bg).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("accepts upper-case hex and refuses anything else", () => {
    expect(readableTextOn("#FFFFFF")).toBe(BLACK);
    for (const bad of ["fff", "#fff", "red", "#12345g", ""]) expect(() => relativeLuminance(bad), bad).toThrow(RangeError);
  });
});

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself", () => {
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });
});
