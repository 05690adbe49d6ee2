import type { MiddlewareHandler } from "hono";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";
import { clientAddress } from "./client-address";

/**
 * Caps requests per client address. Counters live in this process: with several app processes
 * each allows `points` (move to RateLimiterPostgres when scaling out).
 */
export function rateLimit(options: { points: number; durationSeconds: number; trustProxy: boolean; keyPrefix: string }): MiddlewareHandler<AppEnv> {
  const limiter = new RateLimiterMemory({ points: options.points, duration: options.durationSeconds, keyPrefix: options.keyPrefix });
  return async (c, next) => {
    try {
      await limiter.consume(clientAddress(c, options.trustProxy));
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      c.header("Retry-After", String(Math.ceil(err.msBeforeNext / 1000)));
      throw new ApiError(429, "rate_limited", "Too many attempts. Please wait a minute and try again.");
    }
    await next();
  };
}
