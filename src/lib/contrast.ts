/**
 * Text on a merchant's brand colour: whichever of black or white reads better on it (WCAG 2
 * contrast ratio), so any colour a merchant picks keeps its label legible.
 */

const HEX = /^#([0-9a-f]{6})$/i;

/** WCAG relative luminance of `#rrggbb` (0 black … 1 white). @throws RangeError on other text. */
export function relativeLuminance(hex: string): number {
  const m = HEX.exec(hex);
  if (!m) throw new RangeError(`"${hex}" is not a #rrggbb colour`);
  const channel = (i: number) => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** The WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

export const BLACK = "#000000";
export const WHITE = "#ffffff";

/** Black or white, whichever contrasts more with `background` (at least 4.58:1 for any colour). */
export function readableTextOn(background: string): typeof BLACK | typeof WHITE {
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE;
}
