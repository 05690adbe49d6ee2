import { DATE_FORMATS, readDate, readIsoDate, writeDate } from "./dates";

/**
 * A month typed by hand as MM/yyyy (how the billing page's From/To read in English and French),
 * whatever the browser's locale: the logic behind `MonthField`. A month input would show the
 * browser's own language ("December 2025" in a French page) and is a bare text box in some
 * browsers, with no format said.
 */

/** Why a typed month is refused (a key of the `ui` translations' `monthField.problems`). */
export type MonthProblem = "empty" | "format" | "impossible";

/**
 * Tidies what was typed once the field is left: 112026, 11-2026, 11.2026, 1/2026 and the ISO
 * 2026-11 all become 11/2026 (01/2026 for the fourth). Anything else is kept as typed.
 */
export function tidyMonth(text: string): string {
  const trimmed = text.trim();
  const digits = /^(\d{2})(\d{4})$/.exec(trimmed);
  if (digits) return `${digits[1]}/${digits[2]}`;
  const iso = /^(\d{4})-(\d{1,2})$/.exec(trimmed);
  if (iso) return `${iso[2].padStart(2, "0")}/${iso[1]}`;
  const loose = /^(\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (loose) return `${loose[1].padStart(2, "0")}/${loose[2]}`;
  return trimmed;
}

/** What is wrong with a typed month, or null for a real one (01–12, years 1000–9999). */
export function monthProblem(text: string): MonthProblem | null {
  const tidy = tidyMonth(text);
  if (!tidy) return "empty";
  // Written right but not a month (13/2026, 11/0999): say so, not "wrong format".
  if (!/^\d{2}\/\d{4}$/.test(tidy)) return "format";
  return readDate(tidy, DATE_FORMATS.month) ? null : "impossible";
}

/** yyyy-MM (what the operator API speaks) to MM/yyyy; "" when it is not a month. */
export function isoToMonth(iso: string): string {
  const date = readIsoDate(iso, DATE_FORMATS.isoMonth);
  const text = date ? writeDate(date, DATE_FORMATS.month) : "";
  return text && !monthProblem(text) ? text : "";
}

/** MM/yyyy (tidied first) to yyyy-MM; null when it is not a real month. */
export function monthToIso(text: string): string | null {
  const tidy = tidyMonth(text);
  const date = monthProblem(tidy) ? null : readDate(tidy, DATE_FORMATS.month);
  return date && writeDate(date, DATE_FORMATS.isoMonth);
}
