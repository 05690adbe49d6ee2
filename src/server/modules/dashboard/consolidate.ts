import { formatBaseUnits } from "@/lib/money";
import { DASHBOARD_DAYS, percentChange, type ConsolidatedDto, type DayTotals } from "@/lib/dashboard";

/** Volume is summed in USD at 6 decimals: the settlement stablecoins count 1 token as 1 USD. */
export const USD_DECIMALS = 6;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid payment as the dashboard counts it. */
export interface PaidPayment {
  paidAt: Date;
  /** What arrived (else what was asked), in the token's base units. */
  amount: bigint;
  decimals: number;
}

/** All-time totals, summed by the database. */
export interface HistoricalTotals {
  count: number;
  /** USD base units at USD_DECIMALS. */
  volume: bigint;
}

/** A token amount in USD base units (USD_DECIMALS); more precise digits are cut. */
export function toUsdUnits(amount: bigint, decimals: number): bigint {
  return decimals >= USD_DECIMALS ? amount / 10n ** BigInt(decimals - USD_DECIMALS) : amount * 10n ** BigInt(USD_DECIMALS - decimals);
}

const dayKey = (at: Date) => at.toISOString().slice(0, 10);

/**
 * SPEC §2/§3: the last DASHBOARD_DAYS days (range start = now − 7 days) by UTC day, and the paid
 * count and volume against the 7 days before. `payments` may hold anything from the last 14 days.
 */
export function consolidate(payments: PaidPayment[], historical: HistoricalTotals, now: Date): ConsolidatedDto {
  const start = new Date(now.getTime() - DASHBOARD_DAYS * DAY_MS);
  const previousStart = new Date(start.getTime() - DASHBOARD_DAYS * DAY_MS);
  const days = new Map<string, { volume: bigint; count: number }>();
  for (let at = start.getTime(); dayKey(new Date(at)) <= dayKey(now); at += DAY_MS) days.set(dayKey(new Date(at)), { volume: 0n, count: 0 });

  const current = { volume: 0n, count: 0 };
  const previous = { volume: 0n, count: 0 };
  for (const p of payments) {
    const usd = toUsdUnits(p.amount, p.decimals);
    const period = p.paidAt >= start && p.paidAt <= now ? current : p.paidAt >= previousStart && p.paidAt < start ? previous : undefined;
    if (!period) continue;
    period.volume += usd;
    period.count += 1;
    if (period === current) {
      const day = days.get(dayKey(p.paidAt))!;
      day.volume += usd;
      day.count += 1;
    }
  }
  const perDay: Record<string, DayTotals> = {};
  for (const [date, d] of days) perDay[date] = { paid: formatBaseUnits(d.volume, USD_DECIMALS), count: d.count };
  return {
    paid: { count: current.count, change: percentChange(current.count, previous.count) },
    // Percent of bigint volumes: exact enough in Number once scaled to cents.
    volume: { total: formatBaseUnits(current.volume, USD_DECIMALS), change: percentChange(Number(current.volume / 10_000n), Number(previous.volume / 10_000n)) },
    current: perDay,
    historicalTotal: formatBaseUnits(historical.volume, USD_DECIMALS),
    totalTransactions: historical.count,
    range: { start: start.toISOString(), end: now.toISOString() },
  };
}
