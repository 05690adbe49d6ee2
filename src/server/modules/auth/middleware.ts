import type { MiddlewareHandler } from "hono";
import type { Db } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { ApiError } from "../../http/errors";
import { sessionForToken } from "./service";

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
    const session = await sessionForToken(db, token);
    if (!session) throw new ApiError(401, "session_expired", "Current logged-in session has expired, please login again");
    if (!options.allowWithoutTerms && !session.user.acceptedTermsAt) {
      throw new ApiError(403, "terms_not_accepted", "Please accept the terms of service to continue");
    }
    c.set("user", session.user);
    c.set("sessionToken", token);
    c.set("signedInAt", session.signedInAt);
    await next();
  };
}

/** The code clients look for to ask the merchant to sign in again rather than log them out. */
export const FRESH_SIGN_IN_REQUIRED = "fresh_sign_in_required";

/**
 * After `requireMerchant`: lets a sensitive change through only if the merchant signed in less
 * than `minutes` ago, so a stolen or forgotten session token cannot read the webhook secret or
 * redirect payouts. Answers 401 (as RFC 9470's step-up authentication does) with
 * `fresh_sign_in_required`.
 */
export function requireFreshSignIn(minutes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const age = Date.now() - c.var.signedInAt.getTime();
    if (age > minutes * 60_000) {
      throw new ApiError(401, FRESH_SIGN_IN_REQUIRED, `For your security, please sign in again (within the last ${minutes} minutes) to do this.`);
    }
    await next();
  };
}
