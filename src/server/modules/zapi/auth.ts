import type { MiddlewareHandler } from "hono";
import { eq } from "drizzle-orm";
import { ZAPI_AUTH_FAILURES_PER_MINUTE, ZAPI_LEGACY_SECRET_WARNING, ZAPI_MESSAGES } from "@/lib/zapi";
import { isUuid } from "@/lib/uuid";
import type { AppDeps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { ApiError } from "../../http/errors";
import { clientAddress } from "../../http/client-address";
import { createLimiter } from "../../http/rate-limit";
import { apiSecrets, users } from "../../db/schema";
import { matchApiSecret } from "./api-secret";

/** `Basic base64(accountId:secret)` to its two parts, or undefined. */
export function basicCredentials(header: string | undefined): { accountId: string; secret: string } | undefined {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (!match) return undefined;
  const text = Buffer.from(match[1], "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon <= 0) return undefined;
  return { accountId: text.slice(0, colon), secret: text.slice(colon + 1) };
}

/**
 * zAPI authentication: the account id and API secret (HTTP Basic), never a session token nor the
 * webhook signing secret (only API secrets, stored hashed, are compared). A legacy secret (the
 * webhook secret carried over by migration 0028) still opens the account, with a `Deprecation`
 * header and a warning saying what to do. Failed attempts are counted per client address; past
 * ZAPI_AUTH_FAILURES_PER_MINUTE a minute, every attempt from it (right or wrong) answers 429, so
 * secrets cannot be guessed.
 */
export function requireApiKey(deps: Pick<AppDeps, "env" | "database">, now: () => Date = () => new Date()): MiddlewareHandler<AppEnv> {
  const { db } = deps.database;
  const failures = createLimiter(deps.database, { points: ZAPI_AUTH_FAILURES_PER_MINUTE, durationSeconds: 60, keyPrefix: "zapi-auth" });
  return async (c, next) => {
    const address = clientAddress(c, deps.env.TRUST_PROXY);
    const counted = await failures.get(address);
    if (counted && counted.consumedPoints >= ZAPI_AUTH_FAILURES_PER_MINUTE) {
      c.header("Retry-After", String(Math.max(1, Math.ceil(counted.msBeforeNext / 1000))));
      throw new ApiError(429, "rate_limited", "Too many failed authentications. Please wait a minute and try again.");
    }
    const refuse = async (message: string = ZAPI_MESSAGES.unauthorized) => {
      await failures.penalty(address, 1);
      return new ApiError(401, "unauthorized", message);
    };
    const credentials = basicCredentials(c.req.header("authorization"));
    if (!credentials || !isUuid(credentials.accountId)) throw await refuse();
    const [row] = await db
      .select({ secret: apiSecrets, user: users })
      .from(apiSecrets)
      .innerJoin(users, eq(users.id, apiSecrets.userId))
      .where(eq(apiSecrets.userId, credentials.accountId));
    const matched = row ? matchApiSecret(row.secret, credentials.secret, now()) : undefined;
    // A webhook secret sent as one is told apart (its prefix is public), so the integrator knows what to fix.
    if (!row || !matched) throw await refuse(credentials.secret.startsWith("whsec_") ? ZAPI_MESSAGES.webhookSecretRefused : undefined);
    if (matched === "current" && row.secret.legacy) {
      c.header("Deprecation", "true");
      c.header("Zpay-Warning", ZAPI_LEGACY_SECRET_WARNING);
    }
    if (!row.user.acceptedTermsAt) throw new ApiError(403, "terms_not_accepted", "Please accept the terms of service to continue");
    c.set("user", row.user);
    await next();
  };
}
