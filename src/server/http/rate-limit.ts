import type { MiddlewareHandler } from "hono";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Database } from "../db/client";
import type { AppEnv } from "./context";
import type { AppDeps } from "../deps";
import { ApiError } from "./errors";
import { clientPrefix } from "./client-address";

/** The table (created by migration) that holds every limiter's counters on PostgreSQL. */
export const RATE_LIMIT_TABLE = "rate_limits";

export interface LimiterOptions {
  points: number;
  durationSeconds: number;
  /** Names the limiter; its keys are stored as `{keyPrefix}:{key}`. */
  keyPrefix: string;
}

/**
 * A counter store for the database in use: on PostgreSQL every process shares the counters (the
 * limit holds however many processes serve), with an in-process fallback while the database does
 * not answer; on embedded PGlite, which one process owns, counters live in memory.
 */
export function createLimiter(database: Pick<Database, "pool">, options: LimiterOptions): RateLimiterAbstract {
  const base = { points: options.points, duration: options.durationSeconds, keyPrefix: options.keyPrefix };
  if (!database.pool) return new RateLimiterMemory(base);
  return new RateLimiterPostgres({
    ...base,
    storeClient: database.pool,
    storeType: "pool",
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    insuranceLimiter: new RateLimiterMemory(base),
  });
}

/**
 * Consumes one point for `key`, or answers 429 with Retry-After and `message` (a text, or one
 * made from the seconds to wait) under `code`.
 */
export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message: string | ((retryAfterSeconds: number) => string),
  setHeader: (name: string, value: string) => void,
  code = "rate_limited",
) {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    const wait = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
    setHeader("Retry-After", String(wait));
    throw new ApiError(429, code, typeof message === "string" ? message : message(wait));
  }
}

/** Caps requests per client address block (an IPv4 /24 or IPv6 /64, see `clientPrefix`; `clientAddress` says how it is told apart behind proxies). */
export function rateLimit(deps: Pick<AppDeps, "env" | "database">, options: LimiterOptions): MiddlewareHandler<AppEnv> {
  const limiter = createLimiter(deps.database, options);
  return async (c, next) => {
    const key = clientPrefix(c, deps.env.TRUST_PROXY);
    await consumeOrRefuse(limiter, key, "Too many attempts. Please wait a minute and try again.", (n, v) => c.header(n, v));
    await next();
  };
}
