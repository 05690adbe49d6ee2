import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors";

/**
 * Every API body is a small JSON document; nothing uploads files. A larger body is refused with
 * 413 as soon as its declared length, or the bytes read so far, pass the limit: the rest is never
 * read into memory.
 */
export const MAX_BODY_BYTES = 64 * 1024;

export function limitBody(maxBytes: number = MAX_BODY_BYTES): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, "payload_too_large", `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`);
    },
  });
  return async (c, next) => {
    // Over HTTP/1.1 a body comes with one of these headers. Asking a bodiless GET for its body
    // anyway makes the Node adapter build a full Request: the costliest step of the whole chain.
    const bodiless = c.req.header("content-length") === undefined && c.req.header("transfer-encoding") === undefined;
    if (bodiless && (c.req.method === "GET" || c.req.method === "HEAD")) return next();
    return limit(c, next);
  };
}
