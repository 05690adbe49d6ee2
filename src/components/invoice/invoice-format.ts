import { centsToDecimal } from "@/lib/invoice-math";
import { formatPrice } from "@/lib/zlink";

/** Hundredths of `currency` for display in `lng`: "2410" → "24.10 USD" / "24,10 USD". */
export function formatCents(cents: string, currency: string, lng: string): string {
  return formatPrice(centsToDecimal(cents), currency, lng);
}

/** A line amount as typed (decimal text) for display, or the text itself when it is not a number. */
export function formatTyped(value: string, currency: string, lng: string): string {
  return /^\d+(\.\d+)?$/.test(value) ? formatPrice(value, currency, lng) : `${value} ${currency}`;
}
