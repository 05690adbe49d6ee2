import type { MiddlewareHandler } from "hono";
import type { Permission } from "@/lib/permissions";
import type { UserRow } from "../db/schema";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";
import { PERMISSION_DENIED } from "@/lib/api-client";

/** Throws the 403 `permission_denied` the permission middleware answers unless `user` has `permission`. */
export function assertPermission(user: UserRow, permission: Permission): void {
  if (!user.settings.permissions.includes(permission)) {
    throw new ApiError(403, PERMISSION_DENIED, "Your account does not have access to this feature");
  }
}

/**
 * Lets a signed-in merchant through only with `permission` in `settings.permissions` (SPEC §6).
 * Mount after `requireMerchant`, which sets `c.var.user`.
 */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) throw new ApiError(401, "unauthorized", "Sign in to continue");
    assertPermission(user, permission);
    await next();
  };
}
