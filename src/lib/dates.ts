import { addDays, isValid, lightFormat, parse, parseISO } from "date-fns";

/**
 * The SPEC's fixed date formats, in one place, on date-fns. Whatever the reader's language, the
 * Orders filters read dd/MM/yyyy (SPEC §3; default yesterday–today, §9), invoices yyyy/MM/dd (§9),
 * the billing range MM/yyyy, and the APIs speak yyyy-MM-dd and yyyy-MM. A date here is a calendar
 * day (or month) at local midnight: no clock time and no zone. The zone is applied once, where
 * "today" is taken (`dayIn` in transaction-filters, with Intl: date-fns itself has no zones).
 */
export const DATE_FORMATS = {
  /** Orders filters (SPEC §3), typed by hand: 05/11/2026. */
  filterDay: "dd/MM/yyyy",
  /** Invoices (SPEC §9): 2026/11/05. */
  invoiceDay: "yyyy/MM/dd",
  /** The APIs' days: 2026-11-05. */
  isoDay: "yyyy-MM-dd",
  /** Billing months, typed by hand: 11/2026. */
  month: "MM/yyyy",
  /** The operator API's months: 2026-11. */
  isoMonth: "yyyy-MM",
} as const;
export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];
type IsoFormat = typeof DATE_FORMATS.isoDay | typeof DATE_FORMATS.isoMonth;
type TypedFormat = Exclude<DateFormat, IsoFormat>;

// parse fills the fields a format lacks (the day of a month) from here; its time of day is midnight.
const REFERENCE = new Date(2000, 0, 1);

/** `date` written in `format` (lightFormat: digits only, so no locale is bundled). */
export const writeDate = (date: Date, format: DateFormat): string => lightFormat(date, format);

/**
 * `text` read strictly as `format` (a typed one: dd/MM/yyyy, MM/yyyy, yyyy/MM/dd): a real day
 * (31/02/2026 is not one) of the years 1000–9999, written with every digit the format writes
 * (1/2/2026 and 01/02/26 are not dd/MM/yyyy: tidying what a person typed is the caller's job).
 * Null otherwise.
 */
export function readDate(text: string, format: TypedFormat): Date | null {
  // parse is lenient about how many digits a field has: only text the format writes back counts.
  return strict(parse(text, format, REFERENCE), text, format);
}

/**
 * The APIs' yyyy-MM-dd or yyyy-MM, read as strictly as `readDate` (parseISO: these need no pattern).
 * Cost: with parse's token parsers this module's chunk is 34 KB (8.8 KB gzip), loaded only by the
 * merchant screens with a day field or invoice dates; no payer page imports it (the invoice page
 * is drawn on the server).
 */
export function readIsoDate(text: string, format: IsoFormat = DATE_FORMATS.isoDay): Date | null {
  // parseISO also takes times, week dates and 20261105: only the exact form written back counts.
  return strict(parseISO(text), text, format);
}

/**
 * Years 1000–9999 only: yyyy is four digits, and a year date-fns reads as 26 or 0 would reach
 * PostgreSQL as a timestamp it misreads or refuses (the Orders day range).
 */
const strict = (date: Date, text: string, format: DateFormat) =>
  isValid(date) && date.getFullYear() >= 1000 && writeDate(date, format) === text ? date : null;

/** An API day (yyyy-MM-dd) written in another format; null when it is not a real day. */
export function fromIsoDay(iso: string, format: DateFormat): string | null {
  const date = readIsoDate(iso);
  return date && writeDate(date, format);
}

/** The calendar day `year`-`month`-`day` (month 1–12; years below 100 stay themselves, unlike with `new Date`). */
export function calendarDate(year: number, month: number, day: number): Date {
  const date = new Date(REFERENCE);
  date.setFullYear(year, month - 1, day);
  return date;
}

/** `date` plus `days` calendar days (negative: earlier), across months, years and leap days. */
export const plusDays = (date: Date, days: number): Date => addDays(date, days);
