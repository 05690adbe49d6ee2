/**
 * Invoice maths (SPEC §9), one module for the form, the server, the invoice page and the PDF:
 * amounts in hundredths of the invoice currency, each line rounded down; tax per line is
 * quantity × unit price × percent, rounded down. Exact: decimals are parsed to rationals of
 * bigints, never floats. A value that is not a non-negative decimal counts as 0 (the form shows
 * the error; the server refuses it before it gets here).
 */
import type { DefaultInclusion, Inclusion, InvoiceTotalDto, LegalInclusion } from "./invoice";
import { isLegalInclusion } from "./invoice";

/** A non-negative decimal as numerator / 10^scale; undefined when the text is not one. */
export interface Decimal {
  units: bigint;
  scale: bigint;
}

const DECIMAL = /^\s*(\d{1,15})(?:\.(\d{1,8}))?\s*$/;

/** "12.5" → { units: 125n, scale: 10n }; undefined for anything else (negative, exponent, empty, too long). */
export function parseDecimal(text: string | number | undefined | null): Decimal | undefined {
  if (text === undefined || text === null) return undefined;
  const match = DECIMAL.exec(String(text));
  if (!match) return undefined;
  const fraction = match[2] ?? "";
  return { units: BigInt(match[1] + fraction), scale: 10n ** BigInt(fraction.length) };
}

const ZERO: Decimal = { units: 0n, scale: 1n };
const orZero = (text: string | undefined) => parseDecimal(text) ?? ZERO;

/** floor(product of the decimals × factor), all exact. */
function floorProduct(factor: bigint, ...values: Decimal[]): bigint {
  let num = factor;
  let den = 1n;
  for (const v of values) {
    num *= v.units;
    den *= v.scale;
  }
  return num / den; // non-negative, so bigint division is floor
}

export interface LineTotal {
  amount: bigint;
  taxAmount: bigint;
  totalAmount: bigint;
}

export interface InvoiceTotal {
  itemTotals: LineTotal[];
  totalAmountWithoutTax: bigint;
  totalTaxAmount: bigint;
  totalAmount: bigint;
}

/** A default line: amount = ⌊quantity × unit price × 100⌋, tax = ⌊quantity × unit price × percent⌋ (both hundredths). */
export function defaultLineTotal(line: DefaultInclusion): LineTotal {
  const quantity = orZero(line.quantity);
  const price = orZero(line.unitPrice?.value);
  const amount = floorProduct(100n, quantity, price);
  const taxAmount = floorProduct(1n, quantity, price, orZero(line.taxPercent));
  return { amount, taxAmount, totalAmount: amount + taxAmount };
}

/** A LEGAL line: amount = ⌊quantity × (professional + official) × 100⌋, tax = ⌊quantity × vat × 100⌋. */
export function legalLineTotal(line: LegalInclusion): LineTotal {
  const quantity = orZero(line.quantity);
  const amount = floorProduct(100n, quantity, orZero(line.professionalFees?.value)) + floorProduct(100n, quantity, orZero(line.officialFees?.value));
  const taxAmount = floorProduct(100n, quantity, orZero(line.vat?.value));
  return { amount, taxAmount, totalAmount: amount + taxAmount };
}

/** SPEC invoiceTotal: per-line totals and the sums. */
export function invoiceTotal(lines: readonly Inclusion[]): InvoiceTotal {
  const itemTotals = lines.map((line) => (isLegalInclusion(line) ? legalLineTotal(line) : defaultLineTotal(line)));
  const totalAmountWithoutTax = itemTotals.reduce((sum, t) => sum + t.amount, 0n);
  const totalTaxAmount = itemTotals.reduce((sum, t) => sum + t.taxAmount, 0n);
  return { itemTotals, totalAmountWithoutTax, totalTaxAmount, totalAmount: totalAmountWithoutTax + totalTaxAmount };
}

/** The wire form: integer text of hundredths. */
export function toInvoiceTotalDto(total: InvoiceTotal): InvoiceTotalDto {
  return {
    itemTotals: total.itemTotals.map((t) => ({ amount: t.amount.toString(), taxAmount: t.taxAmount.toString(), totalAmount: t.totalAmount.toString() })),
    totalAmountWithoutTax: total.totalAmountWithoutTax.toString(),
    totalTaxAmount: total.totalTaxAmount.toString(),
    totalAmount: total.totalAmount.toString(),
  };
}

/** Hundredths → decimal text with two places: 12345n → "123.45". */
export function centsToDecimal(cents: bigint | string): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}
