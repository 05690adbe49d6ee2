import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { Context, MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { shellForPath } from "./rewrites";
import { PRECOMPRESSED, isCompressible, preferredEncoding } from "./compression";

/** A file of the build, or undefined for a path that names none (or tries to leave the build). */
function buildFile(distDir: string, pathname: string): string | undefined {
  // No file of the build has an escaped character in its name; `.`/`..` segments, doubled or
  // back slashes would name something outside it.
  if (pathname.includes("%") || /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\|\0/.test(pathname)) return undefined;
  let file = path.join(distDir, pathname);
  let stats = statOf(file);
  if (stats?.isDirectory()) {
    file = path.join(file, "index.html");
    stats = statOf(file);
  }
  return stats?.isFile() ? file : undefined;
}

function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Answers with one file of the build: its precompressed `.br` or `.gz` sibling when the client
 * accepts that encoding (identity otherwise, or when the sibling is missing), the file's own
 * Content-Type, and `Vary: Accept-Encoding` on anything that has encodings, so caches keep them apart.
 */
export function sendBuildFile(c: Context, file: string, status: 200 | 404 = 200): Response {
  const type = getMimeType(file) ?? "application/octet-stream";
  let body = file;
  c.header("Content-Type", type);
  if (isCompressible(type)) {
    c.header("Vary", "Accept-Encoding");
    const available = PRECOMPRESSED.filter((p) => statOf(file + p.suffix)?.isFile());
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"), available.map((p) => p.encoding));
    const chosen = available.find((p) => p.encoding === encoding);
    if (chosen) {
      c.header("Content-Encoding", chosen.encoding);
      body = file + chosen.suffix;
    }
  }
  const stats = fs.statSync(body);
  c.header("Content-Length", String(stats.size));
  c.header("Last-Modified", stats.mtime.toUTCString());
  // Hashed build assets never change; HTML shells must revalidate to pick up a new build.
  c.header("Cache-Control", file.includes(`${path.sep}_astro${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
  if (c.req.method === "HEAD") return c.body(null, status);
  return c.body(Readable.toWeb(fs.createReadStream(body)) as ReadableStream, status);
}

/**
 * Serves the Astro build from `distDir`, with deep-link rewrites and the 404 page. With `only`,
 * a path `rewrite` does not name is not served at all (an origin that shows part of the build).
 */
export function staticSite(
  distDir: string,
  rewrite: (pathname: string) => string | undefined = shellForPath,
  options: { only?: boolean } = {},
): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const shell = rewrite(c.req.path);
    if (options.only && shell === undefined) return next();
    const file = buildFile(distDir, shell ?? c.req.path);
    if (!file) return next();
    return sendBuildFile(c, file);
  };
}

/** The Astro 404 page with a 404 status, or a plain body when the build has none. */
export function notFoundPage(distDir: string) {
  const file = path.join(distDir, "404.html");
  return (c: Context) => {
    if (fs.existsSync(file)) return sendBuildFile(c, file, 404);
    return c.text("Not found", 404);
  };
}
