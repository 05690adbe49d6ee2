import { bigint, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/* The instance itself: rate-limit counters, its own secrets, and the operator stats cache. */

/**
 * Rate-limit counters shared by every process on PostgreSQL (rate-limiter-flexible's
 * RateLimiterPostgres layout: `{limiter}:{client}` → points used until `expire`, epoch ms).
 * Unused on embedded PGlite, where one process keeps its counters in memory.
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/** Secrets this instance makes for itself on first use (e.g. the key unsubscribe links are signed with); never shown. */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Operator statistics already computed, one row per range (modules/admin/stats-cache.ts). Kept in
 * the database because app processes share nothing else: `/v2/admin-stats/clear-cache` empties it
 * for every process at once.
 */
export const adminStatsCache = pgTable("admin_stats_cache", {
  /** `start/end` of the range (yyyy-MM-dd, UTC). */
  rangeKey: text("range_key").primaryKey(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});
