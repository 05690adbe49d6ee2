import { eq } from "drizzle-orm";
import type { AdminStatsDto, StatsRange } from "@/lib/admin-stats";
import type { Db } from "../../db/client";
import { adminStatsCache } from "../../db/schema";
import { computeAdminStats } from "./stats";

const keyOf = (range: StatsRange) => `${range.start}/${range.end}`;

/** How long kept figures of a range that reaches today stay served: payments keep arriving. */
export const ADMIN_STATS_LIVE_TTL_MS = 5 * 60_000;

/** Past ranges never change once kept; one reaching today is recomputed after the TTL. */
function stillFresh(range: StatsRange, computedAt: Date, now: Date): boolean {
  if (range.end < now.toISOString().slice(0, 10)) return true;
  return now.getTime() - computedAt.getTime() < ADMIN_STATS_LIVE_TTL_MS;
}

/** Computes the range's statistics and keeps them (replacing what was kept for that range). */
export async function refreshAdminStats(db: Db, range: StatsRange, now = new Date()): Promise<AdminStatsDto> {
  const stats = await computeAdminStats(db, range, now);
  const data = stats as unknown as Record<string, unknown>;
  await db
    .insert(adminStatsCache)
    .values({ rangeKey: keyOf(range), data, computedAt: now })
    .onConflictDoUpdate({ target: adminStatsCache.rangeKey, set: { data, computedAt: now } });
  return stats;
}

/**
 * The range's statistics as kept in the database by any process, else computed now and kept. A
 * range reaching today is kept ADMIN_STATS_LIVE_TTL_MS at most; the page shows when the figures
 * were computed, and the operator may recompute (filter) or clear the cache at any time.
 */
export async function readAdminStats(db: Db, range: StatsRange, now = new Date()): Promise<AdminStatsDto> {
  const [kept] = await db.select().from(adminStatsCache).where(eq(adminStatsCache.rangeKey, keyOf(range)));
  if (kept && stillFresh(range, kept.computedAt, now)) return { ...(kept.data as unknown as AdminStatsDto), computedAt: kept.computedAt.toISOString(), cached: true };
  return refreshAdminStats(db, range, now);
}

/** Forgets every kept statistic (all processes read the same table); answers how many went. */
export async function clearAdminStats(db: Db): Promise<number> {
  const deleted = await db.delete(adminStatsCache).returning({ key: adminStatsCache.rangeKey });
  return deleted.length;
}

