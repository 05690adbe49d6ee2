import type { StaticText } from "./static-text";

/**
 * StaticText.astro for React components rendered at build time without a client directive: the
 * English text in the HTML, every language in `data-static-text` for StaticTextSwap.astro to put
 * the reader's in before first paint.
 */
export function StaticTextSpan({ text }: { text: StaticText }) {
  return <span data-static-text={JSON.stringify(text)}>{text.en}</span>;
}
