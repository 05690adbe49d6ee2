import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { eq } from "drizzle-orm";
import { ZAPI_AUTH_FAILURES_PER_MINUTE, ZAPI_MESSAGES, ZAPI_ROTATION_GRACE_MS } from "@/lib/zapi";
import { isUuid } from "@/lib/uuid";
import type { AppDeps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { ApiError } from "../../http/errors";
import { clientAddress } from "../../http/client-address";
import { createLimiter } from "../../http/rate-limit";
import { merchantIntegrations, users, type IntegrationRow } from "../../db/schema";

/** `Basic base64(accountId:secret)` to its two parts, or undefined. */
export function basicCredentials(header: string | undefined): { accountId: string; secret: string } | undefined {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  if (!match) return undefined;
  const text = Buffer.from(match[1], "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon <= 0) return undefined;
  return { accountId: text.slice(0, colon), secret: text.slice(colon + 1) };
}

/** Compares digests, so neither the length nor the content of a secret leaks through timing. */
const sameSecret = (a: string, b: string) => timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());

/**
 * Whether `secret` opens the account: the current secret, or the one before the last regenerate
 * while the rotation grace period lasts.
 */
export function secretAccepted(row: Pick<IntegrationRow, "secret" | "previousSecret" | "rotatedAt">, secret: string, now: Date): boolean {
  if (sameSecret(row.secret, secret)) return true;
  if (!row.previousSecret || !row.rotatedAt) return false;
  return now.getTime() - row.rotatedAt.getTime() < ZAPI_ROTATION_GRACE_MS && sameSecret(row.previousSecret, secret);
}

/**
 * zAPI authentication: the account id and secret (HTTP Basic), never a session token. Failed
 * attempts are counted per client address; past ZAPI_AUTH_FAILURES_PER_MINUTE a minute, every
 * attempt from it (right or wrong) answers 429, so secrets cannot be guessed.
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
    const refuse = async () => {
      await failures.penalty(address, 1);
      return new ApiError(401, "unauthorized", ZAPI_MESSAGES.unauthorized);
    };
    const credentials = basicCredentials(c.req.header("authorization"));
    if (!credentials || !isUuid(credentials.accountId)) throw await refuse();
    const [row] = await db
      .select({ integration: merchantIntegrations, user: users })
      .from(merchantIntegrations)
      .innerJoin(users, eq(users.id, merchantIntegrations.userId))
      .where(eq(merchantIntegrations.userId, credentials.accountId));
    if (!row || !secretAccepted(row.integration, credentials.secret, now())) throw await refuse();
    if (!row.user.acceptedTermsAt) throw new ApiError(403, "terms_not_accepted", "Please accept the terms of service to continue");
    c.set("user", row.user);
    await next();
  };
}
