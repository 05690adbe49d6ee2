import type { MiddlewareHandler } from "hono";
import type { Permission } from "@/lib/permissions";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";
import { PERMISSION_DENIED } from "@/lib/api-client";

/**
 * Lets a signed-in merchant through only with `permission` in `settings.permissions` (SPEC §6).
 * Mount after `requireMerchant`, which sets `c.var.user`.
 */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) throw new ApiError(401, "unauthorized", "Sign in to continue");
    if (!user.settings.permissions.includes(permission)) {
      throw new ApiError(403, PERMISSION_DENIED, "Your account does not have access to this feature");
    }
    await next();
  };
}
