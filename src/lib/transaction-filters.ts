import { DATE_FORMATS, calendarDate, plusDays, readDate, writeDate } from "./dates";
import type { PaymentStatus } from "./payment-status";

/**
 * SPEC §3 "Transaction filters" and §9 defaults, shared by the Orders screen (which keeps them in
 * its URL) and the server (which validates them again). Dates are dd/MM/yyyy days in the
 * reader's time zone (`tz`, IANA; UTC when absent); amounts are decimal text compared with the
 * requested amount in the token's units.
 */

export const FILTER_FIELDS = ["name", "email", "hash", "order_id"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
/**
 * The statuses a list filters on: the payment's own, plus `partly_paid` — initiated with money
 * already in (less than asked, still open until it expires). Not a status of its own in the
 * database: an in-progress payment a merchant needs to see (docs/spec-notes.md §9).
 */
export const PARTLY_PAID = "partly_paid";
export const FILTER_STATUSES = ["initiated", PARTLY_PAID, "paid", "validated", "failed"] as const satisfies readonly (PaymentStatus | typeof PARTLY_PAID)[];
export type FilterStatus = (typeof FILTER_STATUSES)[number];

/** SPEC §9: default fields hash and order_id; statuses failed, validated, paid — and partly paid (spec-notes §9). */
export const DEFAULT_FILTER_FIELDS: readonly FilterField[] = ["hash", "order_id"];
export const DEFAULT_TX_STATUSES: readonly FilterStatus[] = ["failed", "validated", "paid", PARTLY_PAID];
/** Rows per page of the Orders table. */
export const ORDERS_PAGE_SIZE = 10;
export const MAX_FILTER_TEXT = 200;

export interface TransactionFilters {
  filterText: string;
  filterFields: FilterField[];
  txStatus: FilterStatus[];
  /** dd/MM/yyyy, first day included. */
  timeStart: string;
  /** dd/MM/yyyy, last day included. */
  timeEnd: string;
  /** Decimal text or "" (no bound). */
  minAmount: string;
  maxAmount: string;
}

/** A day as {year, month, day}, no clock time. */
export interface Day {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dateOf = (d: Day) => calendarDate(d.year, d.month, d.day);
const dayOf = (date: Date): Day => ({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() });

export const formatDay = (d: Day) => writeDate(dateOf(d), DATE_FORMATS.filterDay);

/** dd/MM/yyyy to a real calendar day, or null (31/02/2026 is not one, nor 1/2/2026). */
export function parseDay(text: string): Day | null {
  const date = readDate(text, DATE_FORMATS.filterDay);
  return date && dayOf(date);
}

/** The calendar day of `now` in `timeZone`. */
export function dayIn(now: Date, timeZone = "UTC"): Day {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

export const addDays = (d: Day, days: number): Day => dayOf(plusDays(dateOf(d), days));

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** SPEC §9 defaults: yesterday through today in the reader's zone. */
export function defaultFilters(now: Date, timeZone = "UTC"): TransactionFilters {
  const today = dayIn(now, timeZone);
  return {
    filterText: "",
    filterFields: [...DEFAULT_FILTER_FIELDS],
    txStatus: [...DEFAULT_TX_STATUSES],
    timeStart: formatDay(addDays(today, -1)),
    timeEnd: formatDay(today),
    minAmount: "",
    maxAmount: "",
  };
}

const AMOUNT = /^\d{1,30}(\.\d{1,30})?$/;

/** Reads a list that comes either comma-separated or as a repeated parameter. */
const listOf = (values: readonly string[]) =>
  values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);

export type FilterProblem = { path: keyof TransactionFilters | "tz"; message: string };
export type ParsedFilters = { ok: true; filters: TransactionFilters } | { ok: false; problems: FilterProblem[] };

/**
 * Query parameters to filters, with each missing one at its SPEC default and every bad one named
 * with a message a person understands (the server answers them as 400 issues).
 */
export function parseFilters(get: (name: string) => string[], now: Date, timeZone = "UTC"): ParsedFilters {
  const defaults = defaultFilters(now, timeZone);
  const problems: FilterProblem[] = [];
  const one = (name: keyof TransactionFilters) => {
    const values = get(name);
    return values.length ? values[values.length - 1].trim() : undefined;
  };

  const filterText = one("filterText") ?? "";
  if (filterText.length > MAX_FILTER_TEXT) problems.push({ path: "filterText", message: `Search text is longer than ${MAX_FILTER_TEXT} characters` });
  // PostgreSQL text cannot hold a NUL: refused here, never an error from the database.
  if (filterText.includes("\0")) problems.push({ path: "filterText", message: "Search text cannot contain a NUL character" });

  const fields = listOf(get("filterFields"));
  const badField = fields.find((f) => !(FILTER_FIELDS as readonly string[]).includes(f));
  if (badField) problems.push({ path: "filterFields", message: `Unknown search field '${badField}': use ${FILTER_FIELDS.join(", ")}` });

  const statuses = listOf(get("txStatus"));
  const badStatus = statuses.find((s) => !(FILTER_STATUSES as readonly string[]).includes(s));
  if (badStatus) problems.push({ path: "txStatus", message: `Unknown status '${badStatus}': use ${FILTER_STATUSES.join(", ")}` });

  const timeStart = one("timeStart") || defaults.timeStart;
  const timeEnd = one("timeEnd") || defaults.timeEnd;
  const start = parseDay(timeStart);
  const end = parseDay(timeEnd);
  if (!start) problems.push({ path: "timeStart", message: "Start date must be a date written dd/MM/yyyy" });
  if (!end) problems.push({ path: "timeEnd", message: "End date must be a date written dd/MM/yyyy" });
  if (start && end && formatKey(start) > formatKey(end)) problems.push({ path: "timeEnd", message: "End date is before the start date" });

  const minAmount = one("minAmount") ?? "";
  const maxAmount = one("maxAmount") ?? "";
  if (minAmount && !AMOUNT.test(minAmount)) problems.push({ path: "minAmount", message: "Minimum amount must be a positive number" });
  if (maxAmount && !AMOUNT.test(maxAmount)) problems.push({ path: "maxAmount", message: "Maximum amount must be a positive number" });
  if (minAmount && maxAmount && AMOUNT.test(minAmount) && AMOUNT.test(maxAmount) && compareDecimal(minAmount, maxAmount) > 0)
    problems.push({ path: "maxAmount", message: "Maximum amount is less than the minimum amount" });

  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    filters: {
      filterText,
      filterFields: fields.length ? dedupe(fields as FilterField[]) : defaults.filterFields,
      txStatus: statuses.length ? dedupe(statuses as FilterStatus[]) : defaults.txStatus,
      timeStart,
      timeEnd,
      minAmount,
      maxAmount,
    },
  };
}

const dedupe = <T>(xs: T[]) => [...new Set(xs)];
const formatKey = (d: Day) => `${pad(d.year, 4)}${pad(d.month)}${pad(d.day)}`;

/** Compares two non-negative decimal texts exactly (no floats). */
export function compareDecimal(a: string, b: string): number {
  const [ai, af = ""] = a.split(".");
  const [bi, bf = ""] = b.split(".");
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, "0"));
  const y = BigInt(bi + bf.padEnd(width, "0"));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Filters as query parameters, leaving out what equals the default so shared links stay short. */
export function filtersToQuery(filters: TransactionFilters, now: Date, timeZone = "UTC"): URLSearchParams {
  const d = defaultFilters(now, timeZone);
  const q = new URLSearchParams();
  if (filters.filterText) q.set("filterText", filters.filterText);
  if (filters.filterFields.join() !== d.filterFields.join()) q.set("filterFields", filters.filterFields.join(","));
  if (filters.txStatus.join() !== d.txStatus.join()) q.set("txStatus", filters.txStatus.join(","));
  if (filters.timeStart !== d.timeStart) q.set("timeStart", filters.timeStart);
  if (filters.timeEnd !== d.timeEnd) q.set("timeEnd", filters.timeEnd);
  if (filters.minAmount) q.set("minAmount", filters.minAmount);
  if (filters.maxAmount) q.set("maxAmount", filters.maxAmount);
  return q;
}

/**
 * The paging cursor (SPEC §2 /transactions/next/{iid}/{tid}): the last (or first) row's position in
 * the one total order every list uses, newest first: (created_at DESC, id DESC). `iid` is
 * created_at in microseconds since 1970 (exact, unlike a JS Date), `tid` the transaction's id.
 */
export interface PageCursor {
  iid: string;
  tid: string;
}
export const isCursor = (iid: string, tid: string) => /^\d{1,17}$/.test(iid) && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(tid);
