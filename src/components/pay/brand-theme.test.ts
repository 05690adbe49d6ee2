import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DARK_FOREGROUND, LIGHT_FOREGROUND, brandStyle, contrastRatio, parseHexColor, readableForeground, relativeLuminance } from "./brand-theme";

describe("brand theme", () => {
  it("parses #rrggbb and #rgb, refuses anything else", () => {
    expect(parseHexColor("#1e40af")).toEqual([30, 64, 175]);
    expect(parseHexColor("#FfF")).toEqual([255, 255, 255]);
    expect(parseHexColor("red")).toBeUndefined();
    expect(parseHexColor("#12345")).toBeUndefined();
    expect(parseHexColor(undefined)).toBeUndefined();
  });

  it("computes WCAG contrast: black on white is 21:1", () => {
    expect(contrastRatio(relativeLuminance([0, 0, 0]), relativeLuminance([255, 255, 255]))).toBeCloseTo(21, 5);
  });

  it("puts dark text on light brand colours and white text on dark ones", () => {
    expect(readableForeground([245, 158, 11])).toBe(DARK_FOREGROUND); // amber
    expect(readableForeground([255, 235, 59])).toBe(DARK_FOREGROUND); // yellow
    expect(readableForeground([30, 64, 175])).toBe(LIGHT_FOREGROUND); // blue
    expect(readableForeground([0, 0, 0])).toBe(LIGHT_FOREGROUND);
  });

  it("always reaches at least 4.5:1 (WCAG AA) on any brand colour", () => {
    const channel = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(channel, channel, channel), (rgb) => {
        const fg = parseHexColor(readableForeground(rgb))!;
        return contrastRatio(relativeLuminance(rgb), relativeLuminance(fg)) >= 4.5;
      }),
    );
  });

  it("sets the primary colour variables only for a valid colour", () => {
    expect(brandStyle("#F59E0B")).toEqual({ "--primary": "#f59e0b", "--primary-foreground": DARK_FOREGROUND, "--ring": "#f59e0b" });
    expect(brandStyle("javascript:alert(1)")).toEqual({});
    expect(brandStyle(undefined)).toEqual({});
  });
});
