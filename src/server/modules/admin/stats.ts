import { and, count, countDistinct, gte, inArray, lt, sql } from "drizzle-orm";
import { formatBaseUnits } from "@/lib/money";
import type { AdminStatsDto, StatsBucket, StatsRange } from "@/lib/admin-stats";
import type { PaymentStatus } from "@/lib/payment-status";
import type { Db } from "../../db/client";
import { transactions, users } from "../../db/schema";
import { USD_DECIMALS, toUsdUnits } from "../dashboard";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Money that reached a merchant: confirmed (paid) or finalized (validated). */
const PAID: PaymentStatus[] = ["paid", "validated"];

/** The range's instants: from its first day's midnight (UTC) to the midnight after its last day. */
export function rangeBounds(range: StatsRange): { from: Date; until: Date } {
  return { from: new Date(`${range.start}T00:00:00Z`), until: new Date(Date.parse(`${range.end}T00:00:00Z`) + DAY_MS) };
}

interface Group {
  day: string;
  chain: number;
  status: string;
  decimals: number;
  count: number;
  total: string;
}

/**
 * The range's payments summed by the database per (UTC day, chain, status, token decimals): a few
 * thousand rows at most whatever the table size, read through `transactions_created_idx`.
 * Decimals stay a group key because volumes of 6- and 18-decimal tokens only add up once scaled.
 */
function groups(db: Db, from: Date, until: Date): Promise<Group[]> {
  const day = sql<string>`to_char(${transactions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      chain: transactions.chainId,
      status: transactions.status,
      decimals: transactions.decimals,
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(coalesce(${transactions.receivedAmount}, ${transactions.requestedAmount})), 0)::text`,
    })
    .from(transactions)
    .where(and(gte(transactions.createdAt, from), lt(transactions.createdAt, until)))
    .groupBy(day, transactions.chainId, transactions.status, transactions.decimals);
}

async function merchantCounts(db: Db, from: Date, until: Date): Promise<AdminStatsDto["merchants"]> {
  const [[total], [created], [active]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(and(gte(users.createdAt, from), lt(users.createdAt, until))),
    db
      .select({ n: countDistinct(transactions.userId) })
      .from(transactions)
      .where(and(gte(transactions.createdAt, from), lt(transactions.createdAt, until), inArray(transactions.status, PAID))),
  ]);
  return { total: total?.n ?? 0, new: created?.n ?? 0, active: active?.n ?? 0 };
}

const usd = (units: bigint) => formatBaseUnits(units, USD_DECIMALS);

/**
 * Operator statistics over a range of UTC days (both ends included), every merchant together:
 * merchants, payments by status and by chain, paid volume in USD per day. Payments count on the
 * day they were created; volume is what arrived (else what was asked) of paid and validated ones.
 */
export async function computeAdminStats(db: Db, range: StatsRange, now = new Date()): Promise<AdminStatsDto> {
  const { from, until } = rangeBounds(range);
  const [rows, merchants] = await Promise.all([groups(db, from, until), merchantCounts(db, from, until)]);

  const days = new Map<string, { volume: bigint; count: number }>();
  for (let at = from.getTime(); at < until.getTime(); at += DAY_MS) days.set(new Date(at).toISOString().slice(0, 10), { volume: 0n, count: 0 });
  const byStatus = new Map<string, { count: number; volume: bigint }>();
  const byChain = new Map<number, { count: number; volume: bigint }>();
  const paid = { count: 0, volume: 0n };
  let payments = 0;
  for (const row of rows) {
    const isPaid = (PAID as string[]).includes(row.status);
    const volume = isPaid ? toUsdUnits(BigInt(row.total), row.decimals) : 0n;
    payments += row.count;
    const status = byStatus.get(row.status) ?? { count: 0, volume: 0n };
    byStatus.set(row.status, { count: status.count + row.count, volume: status.volume + volume });
    const chain = byChain.get(row.chain) ?? { count: 0, volume: 0n };
    byChain.set(row.chain, { count: chain.count + row.count, volume: chain.volume + volume });
    if (!isPaid) continue;
    paid.count += row.count;
    paid.volume += volume;
    const day = days.get(row.day);
    if (day) {
      day.count += row.count;
      day.volume += volume;
    }
  }
  const bucket = (b: { count: number; volume: bigint }): StatsBucket => ({ count: b.count, volume: usd(b.volume) });
  return {
    range,
    merchants,
    paid: bucket(paid),
    payments,
    byStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a.localeCompare(b)).map(([status, b]) => [status, bucket(b)])),
    byChain: [...byChain].sort(([a], [b]) => a - b).map(([chain, b]) => ({ chain, ...bucket(b) })),
    days: Object.fromEntries([...days].map(([date, d]) => [date, { paid: usd(d.volume), count: d.count }])),
    computedAt: now.toISOString(),
    cached: false,
  };
}
