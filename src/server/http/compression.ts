import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/** Encodings the build is precompressed to (scripts/precompress.mjs), best first. */
export const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

export type PrecompressedEncoding = (typeof PRECOMPRESSED)[number]["encoding"];

/**
 * The best of `available` the client accepts, by its q-values and then our order (brotli is
 * smaller than gzip), or undefined for identity. `br;q=0` refuses brotli; `*` stands for any
 * encoding the header does not name.
 */
export function preferredEncoding(acceptEncoding: string | undefined, available: readonly PrecompressedEncoding[]): PrecompressedEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === "*")?.q ?? 0;
  let best: { encoding: PrecompressedEncoding; q: number } | undefined;
  for (const encoding of available) {
    const q = accepts.find((a) => a.type.toLowerCase() === encoding)?.q ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** A Content-Type worth compressing (text, JS, JSON, SVG…); images and fonts are compressed already. */
export function isCompressible(contentType: string | undefined): boolean {
  return !!contentType && COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType);
}

/** Below this, an encoded body plus its headers is no smaller than the plain one. */
export const COMPRESS_THRESHOLD = 1024;

const isDynamicCompressible = (type: string) => isCompressible(type) && !type.startsWith("text/event-stream");

/**
 * Gives an answer built from a string (c.json, c.html) its Content-Length, so the encoder below
 * can tell a small one from a large one; those bodies are in memory already. A stream its route
 * marked `streamed` (a 74 MB CSV export, say) passes as it is, to be encoded chunk by chunk, and so
 * do answers to clients that accept no encoding.
 */
function measureBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.get("streamed")) return;
    if (!res.body || res.headers.has("Content-Length") || res.headers.has("Content-Encoding") || c.req.method === "HEAD") return;
    if (!c.req.header("Accept-Encoding") || !isDynamicCompressible(res.headers.get("Content-Type") ?? "")) return;
    const body = await res.arrayBuffer();
    c.res = new Response(body, res);
    c.res.headers.set("Content-Length", String(body.byteLength));
  };
}

/**
 * Answers made per request (API JSON, the HTML the server renders, the 404 page) gzip- or
 * deflate-encoded on the fly when the client accepts it and they are large enough. Answers that
 * already carry a Content-Encoding (the precompressed build) pass untouched; an event stream
 * is never buffered by an encoder.
 */
export function compressResponses(): MiddlewareHandler {
  const encode = compress({ threshold: COMPRESS_THRESHOLD, contentTypeFilter: isDynamicCompressible });
  const measure = measureBody();
  return (c, next) => encode(c, async () => {
    await measure(c, next);
  });
}
