import type { PaymentStatus } from "./payment-status";
import type { ProductType } from "./product-types";

/** SPEC §2 Dashboard: the chart covers 7 days, starting 7 days before now. */
export const DASHBOARD_DAYS = 7;
/** SPEC §9: the dashboard's recent list holds at most 10 items. */
export const DASHBOARD_RECENT_LIMIT = 10;

/** One day of the chart: the paid volume (USD, decimal text) and how many payments were paid. */
export interface DayTotals {
  paid: string;
  count: number;
}

/** A period's change against the one before, in percent (null when the previous one was empty). */
export interface Change {
  change: number | null;
}

/** SPEC §3 Dashboard data: consolidated {paid{change}, volume{change}, current, historicalTotal, totalTransactions, range}. */
export interface ConsolidatedDto {
  paid: Change & { count: number };
  volume: Change & { total: string };
  /** Date (yyyy-MM-dd, UTC) → that day's totals, every day of the range present. */
  current: Record<string, DayTotals>;
  /** Everything ever paid to the merchant, USD decimal text. */
  historicalTotal: string;
  totalTransactions: number;
  range: { start: string; end: string };
}

/** One recent payment in the dashboard's compact list. */
export interface RecentTransactionDto {
  _id: string;
  type: ProductType;
  status: PaymentStatus;
  /** Requested amount, decimal text in `token`. */
  amount: string;
  token: string;
  createdAt: string;
  paidAt: string | null;
  validatedAt: string | null;
  failedAt: string | null;
  refundedAt: string | null;
}

export interface DashboardDto {
  /** Absent when the merchant has never been paid (the cards are then hidden). */
  consolidated: ConsolidatedDto | null;
  /** Units of `billingCurrency` per USD. */
  exchangeRate: string;
  billingCurrency: string;
  recent: RecentTransactionDto[];
}

/** SPEC §3 Wallet balance result: tokenBalances {SOL, USDT, USDC} and totalUSD (decimal text). */
export interface WalletBalancesDto {
  tokenBalances: { SOL: string; USDT: string; USDC: string };
  totalUSD: string;
}

/** Percent change from `previous` to `current`, one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** SPEC §9: a USD amount in the billing currency with `exchangeRate`, shown to 2 decimals. */
export function toBillingCurrency(usd: string | number, exchangeRate: string | number): string {
  const value = Number(usd) * Number(exchangeRate);
  return Number.isFinite(value) ? value.toFixed(2) : "0.00";
}

/** The chart's days in order, oldest first. */
export function chartDays(consolidated: Pick<ConsolidatedDto, "current">): { date: string; paid: number; count: number }[] {
  return Object.keys(consolidated.current)
    .sort()
    .map((date) => ({ date, paid: Number(consolidated.current[date]!.paid), count: consolidated.current[date]!.count }));
}

/**
 * True when the chart would have nothing to draw: no day at all, or no paid payment on any day.
 * The server sends every day of the range (zeros included), so a quiet week is all zeros.
 */
export function noPaymentsIn(consolidated: Pick<ConsolidatedDto, "current">): boolean {
  return chartDays(consolidated).every((d) => d.count === 0 && !(d.paid > 0));
}
