import fs from "node:fs";
import path from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { shellForPath } from "./rewrites";

/**
 * Serves the Astro build from `distDir`, with deep-link rewrites and the 404 page. With `only`,
 * a path `rewrite` does not name is not served at all (an origin that shows part of the build).
 */
export function staticSite(
  distDir: string,
  rewrite: (pathname: string) => string | undefined = shellForPath,
  options: { only?: boolean } = {},
): MiddlewareHandler {
  const root = path.relative(process.cwd(), distDir) || ".";
  const serve = serveStatic({
    root,
    rewriteRequestPath: (p) => rewrite(p) ?? p,
    onFound: (filePath, c) => {
      // Hashed build assets never change; HTML shells must revalidate to pick up a new build.
      c.header("Cache-Control", filePath.includes("/_astro/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (options.only && rewrite(c.req.path) === undefined) return next();
    return serve(c, next);
  };
}

/** The Astro 404 page with a 404 status, or a plain body when the build has none. */
export function notFoundPage(distDir: string) {
  const file = path.join(distDir, "404.html");
  return (c: Context) => {
    if (fs.existsSync(file)) return c.html(fs.readFileSync(file, "utf8"), 404);
    return c.text("Not found", 404);
  };
}
