/**
 * Deep links that load a static shell whose island reads the rest of the path.
 * Astro emits `/{route}/index.html`; these map longer paths onto that file.
 */
const DEEP_LINKS: { pattern: RegExp; shell: string }[] = [
  { pattern: /^\/transactions\/(next|prev)\/[^/]+\/[^/]+\/?$/, shell: "/transactions/index.html" },
  { pattern: /^\/zapi\/(next|prev)\/[^/]+\/[^/]+\/?$/, shell: "/zapi/index.html" },
];

/** The shell file a deep link should load, or undefined when the path is served as is. */
export function shellForPath(pathname: string): string | undefined {
  return DEEP_LINKS.find((d) => d.pattern.test(pathname))?.shell;
}
