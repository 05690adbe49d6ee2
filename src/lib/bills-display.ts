/**
 * What the zInvoice (/bills) and invoices (/invoices) screens show, free of React: amounts in the
 * invoice currency from hundredths, lines moved to another currency or layout, and which row
 * actions apply. Maths stays in invoice-math.ts, defaults and rules in invoice-form.ts.
 */
import type { Inclusion, InvoiceDto, InvoiceLayout, InvoiceStatus } from "./invoice";
import { emptyLine, type InvoiceFormValues } from "./invoice-form";
import { centsToDecimal } from "./invoice-math";

/** Hundredths of `currency` for display in the reader's locale: 12345n → "123.45 USD" ("123,45 USD" in French). Exact, never a float. */
export function formatInvoiceAmount(cents: bigint | string, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${format.format(centsToDecimal(cents) as Intl.StringNumericLiteral)} ${currency}`;
}

/** A decimal price (a bill's `price`) for display: "12.5" → "12.50 USD". Text that is not a number shows as is. */
export function formatDecimalAmount(price: string, currency: string, locale: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(price.trim())) return `${price} ${currency}`;
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 8 });
  return `${format.format(price.trim() as Intl.StringNumericLiteral)} ${currency}`;
}

/** Every money value of the lines moved to `currency` (the invoice currency menu changes them all). */
export function inCurrency(lines: readonly Inclusion[], currency: string): Inclusion[] {
  return lines.map((line) =>
    "particulars" in line
      ? {
          ...line,
          professionalFees: { ...line.professionalFees, currency },
          officialFees: { ...line.officialFees, currency },
          vat: { ...line.vat, currency },
        }
      : { ...line, unitPrice: { ...line.unitPrice, currency } },
  );
}

/** Lines converted to `layout`: the description/particulars carry over, amounts start blank. */
export function toLayout(lines: readonly Inclusion[], layout: InvoiceLayout, currency: string): Inclusion[] {
  const source = lines.length > 0 ? lines : [emptyLine(layout, currency)];
  return source.map((line) => {
    const blank = emptyLine(layout, currency);
    const text = "particulars" in line ? line.particulars : line.description;
    return "particulars" in blank ? { ...blank, particulars: text, quantity: line.quantity } : { ...blank, description: text, quantity: line.quantity };
  });
}

/** Row actions a zInvoice offers: Edit only while it can change (enabled, not paid), the others while enabled. */
export function billActions(row: { enabled: boolean; status: InvoiceStatus; paymentInfo: unknown }): { edit: boolean; instructions: boolean; view: boolean } {
  const open = row.enabled && row.status !== "PAID" && row.status !== "CANCELLED" && row.status !== "DISABLED" && !row.paymentInfo;
  return { edit: open, instructions: open, view: true };
}

/** Row actions a v1 invoice offers (the /invoices design): Edit and Cancel while ACTIVE; Copy Link unless closed. */
export function invoiceActions(row: { status: InvoiceStatus; enabled: boolean }): { edit: boolean; cancel: boolean; copyLink: boolean } {
  const active = row.enabled && row.status === "ACTIVE";
  return { edit: active, cancel: active, copyLink: row.enabled && row.status !== "CANCELLED" && row.status !== "DISABLED" };
}

/** An invoice as the form edits it (InvoiceFormValues of invoice-form.ts). */
export function invoiceToFormValues(invoice: InvoiceDto): InvoiceFormValues {
  return {
    label: invoice.label,
    invoiceNumber: invoice.invoiceNumber,
    layout: invoice.layout,
    issuedOn: invoice.issuedOn,
    paymentDueOn: invoice.paymentDueOn,
    client: invoice.client ?? "",
    currency: invoice.currency,
    invoiceInclusions: structuredClone(invoice.invoiceInclusions),
    notes: invoice.notes,
    invoiceFrom: invoice.invoiceFrom ? { ...invoice.invoiceFrom } : null,
  };
}

/** The invoice currencies the dialog offers: the merchant's billing currency first, then the common ones. */
export function invoiceCurrencies(billingCurrency: string | null | undefined, current?: string): string[] {
  return [...new Set([billingCurrency || "USD", "USD", "EUR", "GBP", ...(current ? [current] : [])])];
}

/** The merchant's invoice view in the app: `/invoices/view?bill={_id}` for a zInvoice, `?id={_id}` for a v1 invoice. */
export function merchantInvoiceViewPath(kind: "bill" | "invoice", id: string): string {
  return `/invoices/view?${kind === "bill" ? "bill" : "id"}=${encodeURIComponent(id)}`;
}
