/**
 * Special answers a story asks for in `parameters.msw.handlers` (msw-storybook-addon puts them in
 * front of the default handlers for that story only): a fixed answer, a call that never ends, a
 * server error, a network failure.
 */
import { delay, http, HttpResponse } from "msw";
import { errorResponse } from "./respond";

type Method = "get" | "post" | "put" | "delete" | "all";

/** Requests to `path` get this JSON body (e.g. the server's copy differing from the cached one). */
export function answering(method: Method, path: string, body: Record<string, unknown>, status = 200) {
  return http[method](path, () => HttpResponse.json(body, { status }));
}

/** Requests to `path` stay pending for the whole story (Loading states). */
export function stalled(path = "/api/*", method: Method = "all") {
  return http[method](path, async () => {
    await delay("infinite");
    return new Response(null);
  });
}

/** Requests to `path` fail with the server's error body (default: a 500 'Internal server error'). */
export function failing(method: Method, path: string, status = 500, code = "internal", message = "Internal server error") {
  return http[method](path, () => errorResponse(status, code, message));
}

/** Requests to `path` never reach a server (offline, DNS, CORS): fetch rejects. */
export function unreachable(method: Method, path: string) {
  return http[method](path, () => HttpResponse.error());
}
