import { DATE_FORMATS, fromIsoDay, readDate, writeDate } from "./dates";
import { parseDay } from "./transaction-filters";

/**
 * A day typed by hand as dd/MM/yyyy (the SPEC's filter format, and how French readers write a
 * date), whatever the browser's own locale: the logic behind `DayField`.
 */

/** Why a typed day is refused (a key of the `ui` translations' `dayField.problems`). */
export type DayProblem = "empty" | "format" | "impossible";

const LOOSE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * Tidies what was typed once the field is left: 01112026, 1/11/2026 and 01.11.2026 all become
 * 01/11/2026. Anything else is kept as typed, so the reader sees their own text beside the error.
 */
export function tidyDay(text: string): string {
  const trimmed = text.trim();
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(trimmed);
  if (digits) return `${digits[1]}/${digits[2]}/${digits[3]}`;
  const loose = LOOSE.exec(trimmed);
  if (loose) return `${loose[1].padStart(2, "0")}/${loose[2].padStart(2, "0")}/${loose[3]}`;
  return trimmed;
}

/** What is wrong with a typed day, or null for a real calendar day (read with the API's own `parseDay`). */
export function dayProblem(text: string): DayProblem | null {
  const tidy = tidyDay(text);
  if (!tidy) return "empty";
  if (parseDay(tidy)) return null;
  // Written right but not in the calendar (31/02/2026, 12/13/2026): say so, not "wrong format".
  return /^\d{2}\/\d{2}\/\d{4}$/.test(tidy) ? "impossible" : "format";
}

/** yyyy-MM-dd (what the operator API speaks) to dd/MM/yyyy; "" when it is not a day. */
export function isoToDay(iso: string): string {
  return fromIsoDay(iso, DATE_FORMATS.filterDay) ?? "";
}

/** dd/MM/yyyy (tidied first) to yyyy-MM-dd; null when it is not a real day. */
export function dayToIso(text: string): string | null {
  const date = readDate(tidyDay(text), DATE_FORMATS.filterDay);
  return date && writeDate(date, DATE_FORMATS.isoDay);
}

/** Orders days dd/MM/yyyy by the calendar (negative when `a` is earlier); both must be real days. */
export function compareDays(a: string, b: string): number {
  const [x, y] = [dayToIso(a) ?? "", dayToIso(b) ?? ""];
  return x < y ? -1 : x > y ? 1 : 0;
}
