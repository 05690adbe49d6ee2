import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { userForToken } from "../modules/auth/service";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";

function bearer(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Lets a request through only with a live merchant session. Unless `allowWithoutTerms`, the
 * merchant must also have accepted the terms (SPEC §6: no merchant page before that).
 */
export function requireMerchant(db: Db, options: { allowWithoutTerms?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearer(c.req.header("authorization"));
    if (!token) throw new ApiError(401, "unauthorized", "Sign in to continue");
    const user = await userForToken(db, token);
    if (!user) throw new ApiError(401, "session_expired", "Current logged-in session has expired, please login again");
    if (!options.allowWithoutTerms && !user.acceptedTermsAt) {
      throw new ApiError(403, "terms_not_accepted", "Please accept the terms of service to continue");
    }
    c.set("user", user);
    c.set("sessionToken", token);
    await next();
  };
}
