import type { DayTotals } from "./dashboard";
import { DATE_FORMATS, readIsoDate } from "./dates";
import type { UnmappedInflowDto } from "./unmapped";

/**
 * The operator pages' data (permission `admin_stats`: /admin-stats, /admin-transactions,
 * /admin-billing), shared by the server that fills it and the screens that show it. Volumes are
 * USD decimal text (the settlement stablecoins count 1 token as 1 USD); days and months are UTC.
 */

/** The longest range statistics are asked for: one year (leap day included). */
export const ADMIN_STATS_MAX_DAYS = 366;
/** The range the statistics page opens on: the last 30 days, today included. */
export const ADMIN_STATS_DEFAULT_DAYS = 30;
/** The longest billing export, in months. */
export const ADMIN_BILLING_MAX_MONTHS = 24;

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_RE = /^\d{4}-\d{2}$/;

/** A range of whole UTC days, both ends included (yyyy-MM-dd). */
export interface StatsRange {
  start: string;
  end: string;
}

/** Why a range is refused (a key of the `admin` translations' `range.errors`). */
export type RangeError = "invalid" | "order" | "tooLong";

// Whole UTC days as instants: the ranges count days between them (date-fns works in local time).
const dayTime = (day: string) => (DAY_RE.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN);
/** A real day (2026-02-30 is not one), read as the Orders and invoices days are (src/lib/dates.ts). */
const isRealDay = (day: string) => readIsoDate(day) !== null;

/** How many days a range covers (both ends counted). */
export function rangeDays(range: StatsRange): number {
  return Math.round((dayTime(range.end) - dayTime(range.start)) / DAY_MS) + 1;
}

/** The form's and the server's one rule for a range: real days, start ≤ end, at most a year. */
export function checkStatsRange(range: StatsRange): RangeError | null {
  if (!isRealDay(range.start) || !isRealDay(range.end)) return "invalid";
  if (range.start > range.end) return "order";
  if (rangeDays(range) > ADMIN_STATS_MAX_DAYS) return "tooLong";
  return null;
}

/** The last `days` UTC days up to `now`'s, today included. */
export function lastDays(days: number, now = new Date()): StatsRange {
  const end = now.toISOString().slice(0, 10);
  const start = new Date(dayTime(end) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { start, end };
}

/** A range of whole UTC months, both ends included (yyyy-MM). */
export interface MonthRange {
  from: string;
  to: string;
}

const monthIndex = (month: string) => (MONTH_RE.test(month) ? Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 : NaN);

/** The billing rule: real months, from ≤ to, at most ADMIN_BILLING_MAX_MONTHS. */
export function checkMonthRange(range: MonthRange): RangeError | null {
  const from = monthIndex(range.from);
  const to = monthIndex(range.to);
  const real = (m: string) => readIsoDate(m, DATE_FORMATS.isoMonth) !== null;
  if (!Number.isFinite(from) || !Number.isFinite(to) || !real(range.from) || !real(range.to)) return "invalid";
  if (from > to) return "order";
  if (to - from + 1 > ADMIN_BILLING_MAX_MONTHS) return "tooLong";
  return null;
}

/** The current UTC month and the `months - 1` before it. */
export function lastMonths(months: number, now = new Date()): MonthRange {
  const to = now.toISOString().slice(0, 7);
  const index = monthIndex(to) - (months - 1);
  const from = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  return { from, to };
}

/** Payments of one status or one chain in the range: how many, and the USD volume of the paid ones. */
export interface StatsBucket {
  count: number;
  volume: string;
}

/** `/v2/admin-stats/read` and `/filter`: the whole instance over a range. */
export interface AdminStatsDto {
  range: StatsRange;
  merchants: {
    /** Every merchant account, whenever created. */
    total: number;
    /** Accounts created in the range. */
    new: number;
    /** Merchants paid at least once in the range. */
    active: number;
  };
  /** Payments created in the range that were paid (paid or validated). */
  paid: StatsBucket;
  /** Every payment created in the range, any status. */
  payments: number;
  /** Status → payments created in the range (initiated, paid, validated, failed). */
  byStatus: Record<string, StatsBucket>;
  /** Chain id → payments created in the range. */
  byChain: { chain: number; count: number; volume: string }[];
  /** yyyy-MM-dd → paid volume and count; every day of the range present (the chart). */
  days: Record<string, DayTotals>;
  /** When these figures were computed (ISO); they come from the statistics cache until cleared. */
  computedAt: string;
  /** True when served from the cache. */
  cached: boolean;
}

/** One merchant's paid volume in one month (`/v2/admin-billing`). */
export interface BillingRowDto {
  month: string;
  merchant: AdminMerchantDto;
  count: number;
  volume: string;
}

/** Who a row belongs to, as the operator recognises them. */
export interface AdminMerchantDto {
  _id: string;
  publicKey: string;
  email: string | null;
}

/** An unmapped inflow across merchants (`/v2/admin-transactions`). */
export interface AdminUnmappedInflowDto extends UnmappedInflowDto {
  merchant: AdminMerchantDto;
}
