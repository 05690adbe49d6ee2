import type { z } from "@hono/zod-openapi";
import { ErrorBody } from "./errors";

/** The `content` of a JSON request body or response: `{ "application/json": { schema } }`. */
export function json<T extends z.ZodType>(schema: T) {
  return { "application/json": { schema } };
}

/** A JSON response for `createRoute`: what it means and its body. */
export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: json(schema) };
}

/** What each error status means on this API, for the reference page. */
const ERROR_DESCRIPTIONS = {
  400: "Invalid request (the body names the fields in `issues`)",
  401: "No session, or it expired",
  403: "Not allowed",
  404: "Not found",
  409: "Conflicts with the current state",
  413: "Body too large",
  422: "Understood but refused",
  429: "Too many requests; retry later",
  500: "Internal error",
  503: "A service it depends on does not answer",
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/**
 * The error responses a route declares, each with the one `{ message, code, issues? }` body:
 * `responses: { 200: jsonContent(Dto, "…"), ...errorResponses(400, 404) }`.
 */
export function errorResponses(...statuses: ErrorStatus[]): Record<string, ReturnType<typeof jsonContent<typeof ErrorBody>>> {
  return Object.fromEntries(statuses.map((status) => [status, jsonContent(ErrorBody, ERROR_DESCRIPTIONS[status])]));
}
