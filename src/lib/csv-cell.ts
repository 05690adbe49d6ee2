/**
 * CSV injection (OWASP): a spreadsheet opening a CSV runs a cell that starts with one of these as
 * a formula (`=HYPERLINK(...)`, `+cmd|...`, `@SUM(...)`; tab and CR start one in some programs).
 * Every exported text cell someone else could have typed (an API order id, a payer, an e-mail)
 * goes through csvSafeText; numbers and dates we format ourselves never start with one.
 */
export const CSV_FORMULA_TRIGGERS = ["=", "+", "-", "@", "\t", "\r"] as const;

/** The cell as text a spreadsheet shows as typed: a leading `'` when it would start a formula. */
export function csvSafeText(value: string): string {
  return value !== "" && (CSV_FORMULA_TRIGGERS as readonly string[]).includes(value[0]) ? `'${value}` : value;
}
