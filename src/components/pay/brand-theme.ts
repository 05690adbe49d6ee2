import type { CSSProperties } from "react";

/** `#rrggbb` (or `#rgb`) → [r, g, b] in 0–255, or undefined for anything else. */
export function parseHexColor(hex: string | undefined): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex?.trim() ?? "");
  if (!m) return undefined;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio between two luminances (1 to 21). */
export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

export const LIGHT_FOREGROUND = "#ffffff";
/** Pure black: with white, one of the two always reaches 4.5:1 on any colour (a softer black would not). */
export const DARK_FOREGROUND = "#000000";

/**
 * The text colour that reads best on `background`: white or near-black, whichever contrasts
 * more (one of them always reaches 4.5:1, WCAG AA for normal text).
 */
export function readableForeground(background: [number, number, number]): string {
  const bg = relativeLuminance(background);
  const light = contrastRatio(bg, relativeLuminance(parseHexColor(LIGHT_FOREGROUND)!));
  const dark = contrastRatio(bg, relativeLuminance(parseHexColor(DARK_FOREGROUND)!));
  return light >= dark ? LIGHT_FOREGROUND : DARK_FOREGROUND;
}

/**
 * CSS variables that paint the page in the merchant's brand colour: `--primary` (header accent,
 * primary button, focus ring) with a readable `--primary-foreground`. Empty when no valid colour.
 */
export function brandStyle(brandColor: string | undefined): CSSProperties {
  const rgb = parseHexColor(brandColor);
  if (!rgb) return {};
  const hex = `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
  return { "--primary": hex, "--primary-foreground": readableForeground(rgb), "--ring": hex } as CSSProperties;
}
