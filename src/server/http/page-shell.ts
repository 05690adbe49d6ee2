/**
 * A built Astro page that the server fills per request (the pay page, the invoice page). The page
 * marks each place with an explicit comment, `<!--zpay:NAME-->`, written in its .astro source
 * (the title's by `BaseLayout`'s `serverFilled`), so a change in how Astro writes its output cannot
 * leave a page silently unfilled: a marker that is missing throws.
 */

/** The comment a page writes where the server puts `name`'s content. */
export const shellMarker = (name: string) => `<!--zpay:${name}-->`;

/** The marker in front of `<title>`: the server replaces the marker and the title after it. */
export const TITLE_MARKER = "title";

/** A shell lacks a place the server fills: the page's .astro source and the server disagree. */
export class ShellMarkerMissingError extends Error {
  constructor(readonly marker: string) {
    super(`The page shell has no ${marker} marker`);
    this.name = "ShellMarkerMissingError";
  }
}

export interface ShellFill {
  /** The page's language, put on `<html lang>`. */
  lang: string;
  /** The document title, plain text (escaped here). */
  title: string;
  /** HTML for each content marker, by marker name. */
  slots: Record<string, string>;
}

const escapeText = (text: string) => text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);

/** Replaces the first match of `pattern` (content is taken as is, no `$` patterns); throws when the shell has none. */
function replaceOnce(shell: string, pattern: RegExp, marker: string, replacement: (...groups: string[]) => string): string {
  if (!pattern.test(shell)) throw new ShellMarkerMissingError(marker);
  return shell.replace(pattern, (_match, ...groups: string[]) => replacement(...groups));
}

/**
 * The shell with its language, title and content slots filled.
 * @throws {ShellMarkerMissingError} when `<html lang>`, the title marker or a slot's marker is missing.
 */
export function fillShell(shell: string, fill: ShellFill): string {
  let html = replaceOnce(shell, /<html\b([^>]*?)\slang="[^"]*"/, "html lang", (before) => `<html${before} lang="${fill.lang}"`);
  html = replaceOnce(html, new RegExp(`${shellMarker(TITLE_MARKER)}\\s*<title>[^<]*</title>`), TITLE_MARKER, () => `<title>${escapeText(fill.title)}</title>`);
  for (const [name, content] of Object.entries(fill.slots)) html = replaceOnce(html, new RegExp(shellMarker(name)), name, () => content);
  return html;
}

/** The brand the built shell was made with (`<html data-brand>`), else the fallback. */
export const shellBrand = (shell: string, fallback: string) => /<html[^>]*\bdata-brand="([^"]*)"/.exec(shell)?.[1] ?? fallback;
