import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { ApiError } from "../../http/errors";

/**
 * Refuses a sandbox-only route in production mode (403 `sandbox_only`, with the given message),
 * and, when `enabled` says no, in a sandbox too.
 */
export const sandboxOnly =
  (deps: AppDeps, message: string, enabled: (deps: AppDeps) => boolean = () => true): MiddlewareHandler<AppEnv> =>
  async (_c, next) => {
    if (deps.env.ZPAY_MODE === "production" || !enabled(deps)) throw new ApiError(403, "sandbox_only", message);
    await next();
  };
