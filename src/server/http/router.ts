import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { ApiError, zodIssues } from "./errors";

/**
 * An OpenAPI router whose request validation failures answer 400 with field issues, the same
 * body as every other error.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new ApiError(400, "invalid_request", "Invalid request", zodIssues(result.error));
    },
  });
}
