import type { TransactionFilters } from "@/lib/transaction-filters";

/** Filters the disclosure folds away (the search box stays in sight, so it is not counted). */
const FOLDED = ["filterFields", "txStatus", "timeStart", "timeEnd", "minAmount", "maxAmount"] as const satisfies readonly (keyof TransactionFilters)[];

const same = (a: string | readonly string[], b: string | readonly string[]) =>
  typeof a === "string" || typeof b === "string" ? a === b : a.length === b.length && a.every((x) => b.includes(x));

/** How many of the folded filters differ from the defaults: the "Filters (n)" count. Lists compare as sets. */
export function changedFilters(filters: TransactionFilters, defaults: TransactionFilters): number {
  return FOLDED.filter((key) => !same(filters[key], defaults[key])).length;
}
