import type { MiddlewareHandler } from "hono";

/**
 * SPEC §2 names two pages with capitals (`/zAPI`, `/zRamp`) beside the menu's `/zapi` and
 * `/zramp`. Astro builds only the lowercase ones, so a typed or bookmarked capitalised address
 * would fall on the 404 page: these first segments are sent on to the page that exists.
 */
const CANONICAL_SEGMENTS: readonly string[] = ["zapi", "zramp"];

/**
 * The canonical spelling of `pathname` (same rest of the path), or undefined when it is already
 * canonical or names no page with a known spelling. Any mix of cases counts (`/ZAPI`, `/Zramp`).
 */
export function canonicalSpelling(pathname: string): string | undefined {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match) return undefined;
  const [, first, rest = ""] = match;
  const lower = first.toLowerCase();
  if (first === lower || !CANONICAL_SEGMENTS.includes(lower)) return undefined;
  return `/${lower}${rest}`;
}

/** Redirects (301, query kept) a page address written in another case to its canonical spelling. */
export function redirectSpecSpellings(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const target = canonicalSpelling(c.req.path);
    if (!target) return next();
    const search = new URL(c.req.url).search;
    return c.redirect(`${target}${search}`, 301);
  };
}
