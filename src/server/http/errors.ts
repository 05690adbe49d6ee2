import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "@hono/zod-openapi";

/** The one error body every API answer uses (SPEC §8 shows `message` to the user). */
export const ErrorBody = z
  .object({
    message: z.string().openapi({ example: "Resource not found" }),
    code: z.string().openapi({ example: "not_found" }),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: "Field-level problems, for bad input" }),
  })
  .openapi("Error");
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An error a route throws on purpose: its status, code and message reach the client as is. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: ErrorBody["issues"],
    /** Headers the answer carries, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function zodIssues(error: z.ZodError): NonNullable<ErrorBody["issues"]> {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

const codeForStatus: Partial<Record<number, string>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  422: "unprocessable",
  429: "rate_limited",
};

/** Maps anything thrown in a handler to `{ message, code, issues? }`; hides internals on 500. */
export function toErrorResponse(err: unknown, c: Context): Response {
  // A body refused part-way (or by its declared length) is left unread on the socket: whatever
  // the client sends next on that kept-alive connection would be read as the rest of it. Close
  // the connection after the answer, so the client's next request opens a fresh one.
  if ((err instanceof ApiError || err instanceof HTTPException) && err.status === 413) c.header("connection", "close");
  if (err instanceof ApiError) {
    return c.json<ErrorBody>({ message: err.message, code: err.code, issues: err.issues }, err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json<ErrorBody>(
      { message: err.message || "Request failed", code: codeForStatus[status] ?? "error" },
      status,
    );
  }
  if (err instanceof z.ZodError) {
    return c.json<ErrorBody>({ message: "Invalid request", code: "invalid_request", issues: zodIssues(err) }, 400);
  }
  c.var.log?.error({ err }, "unhandled error");
  return c.json<ErrorBody>({ message: "Internal server error", code: "internal" }, 500);
}
