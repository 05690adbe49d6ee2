import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors";

/**
 * Every API body is a small JSON document, except item images (`POST /api/uploads`, see `larger`).
 * A larger body is refused with 413 as soon as its declared length, or the bytes read so far, pass
 * the limit: the rest is never read into memory.
 */
export const MAX_BODY_BYTES = 64 * 1024;

function limiter(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`);
    },
  });
}

/**
 * `larger`: the few POST paths (exact) that take a bigger body, e.g. `{ "/api/uploads": 300 * 1024 }`;
 * every other request keeps `maxBytes`.
 */
export function limitBody(maxBytes: number = MAX_BODY_BYTES, larger: Readonly<Record<string, number>> = {}): MiddlewareHandler {
  const limit = limiter(maxBytes);
  const exceptions = new Map(Object.entries(larger).map(([path, bytes]) => [path, limiter(bytes)]));
  return async (c, next) => {
    // Over HTTP/1.1 a body comes with one of these headers. Asking a bodiless GET for its body
    // anyway makes the Node adapter build a full Request: the costliest step of the whole chain.
    const bodiless = c.req.header("content-length") === undefined && c.req.header("transfer-encoding") === undefined;
    if (bodiless && (c.req.method === "GET" || c.req.method === "HEAD")) return next();
    const exception = c.req.method === "POST" ? exceptions.get(c.req.path) : undefined;
    return (exception ?? limit)(c, next);
  };
}
