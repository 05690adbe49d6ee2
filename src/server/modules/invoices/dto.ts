import { z } from "@hono/zod-openapi";
import { inArray } from "drizzle-orm";
import type { BillDesc, BillDto as Bill, Inclusion, InvoiceDto as Invoice, PublicInvoiceDto as PublicInvoice } from "@/lib/invoice";
import { centsToDecimal, invoiceTotal, toInvoiceTotalDto } from "@/lib/invoice-math";
import type { PaymentInfoDto as PaymentInfo } from "@/lib/transaction-details";
import { hostedPayLink, ZLINK_TOKENS } from "@/lib/zlink";
import type { Db } from "../../db/client";
import { users, type InvoiceRow, type UserRow } from "../../db/schema";
import { loadPaymentInfo } from "../../payments/service";
import { payerFacingMerchant } from "../pay";
import { PaymentInfoDto } from "../../payments/dto";

const Money = z.object({ currency: z.string(), value: z.string().openapi({ description: "Decimal text" }) });
export const InclusionDto = z
  .union([
    z.object({ description: z.string(), quantity: z.string(), unitPrice: Money, taxPercent: z.string() }).openapi("DefaultInclusion"),
    z.object({ particulars: z.string(), quantity: z.string(), professionalFees: Money, officialFees: Money, vat: Money }).openapi("LegalInclusion"),
  ])
  .openapi("InvoiceInclusion");

const TotalDto = z
  .object({
    itemTotals: z.array(z.object({ amount: z.string(), taxAmount: z.string(), totalAmount: z.string() })),
    totalAmountWithoutTax: z.string(),
    totalTaxAmount: z.string(),
    totalAmount: z.string().openapi({ description: "Hundredths of the invoice currency, integer text" }),
  })
  .openapi("InvoiceTotal");

const BillTo = z.object({
  name: z.string(),
  email: z.string(),
  address: z.array(z.string()),
  organisation: z.string().optional(),
  pin: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
});

const common = {
  hashedId: z.string().openapi({ description: "Public id: pay page `?p=` and invoice page `?i=`" }),
  kind: z.enum(["bill", "invoice"]),
  label: z.string(),
  invoiceNumber: z.string().openapi({ example: "ZSH000001" }),
  layout: z.enum(["DEFAULT", "LEGAL"]),
  issuedOn: z.string().openapi({ description: "yyyy-MM-dd" }),
  paymentDueOn: z.string().openapi({ description: "yyyy-MM-dd" }),
  currency: z.string(),
  invoiceInclusions: z.array(InclusionDto),
  invoiceTotal: TotalDto,
  notes: z.string(),
  status: z.enum(["ACTIVE", "DRAFT", "PAID", "CANCELLED", "DISABLED", "INIT"]),
  invoiceFrom: z.object({ title: z.string(), subtext: z.string() }).nullable(),
  merchant: z.object({
    name: z.string(),
    email: z.string().optional(),
    profile: z.object({
      company: z.string().optional(),
      city: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
      zip: z.string().optional(),
      taxId: z.string().optional(),
    }),
    logoUrl: z.string().optional().openapi({ description: "The merchant's logo, when they uploaded one" }),
    brandColor: z.string().optional().openapi({ description: "The merchant's brand colour (#rrggbb), when set" }),
  }),
  payUrl: z.string(),
  invoiceUrl: z.string(),
  pdfUrl: z.string(),
};

/** SPEC §3 Invoice, as the merchant API answers it. */
export const InvoiceDto = z
  .object({
    _id: z.string(),
    ...common,
    client: z.string().nullable(),
    billTo: BillTo.extend({ _id: z.string() }).nullable(),
    enabled: z.boolean(),
    createdAt: z.string(),
    paymentInfo: PaymentInfoDto.nullable(),
  })
  .openapi("Invoice");

/** The invoice as the payer's page reads it (payments origin): what is printed, no internal ids. */
export const PublicInvoiceDto = z.object({ ...common, billTo: BillTo.nullable() }).openapi("PublicInvoice");

/** SPEC §3 Bill (zInvoice). */
export const BillDto = z
  .object({
    _id: z.string(),
    hashedId: z.string(),
    label: z.string(),
    price: z.string().openapi({ description: "The invoice total, decimal text in `currency` (computed by the server)" }),
    currency: z.string(),
    userCurrency: z.string(),
    desc: z.string().openapi({ description: "JSON text of the invoice (BillDesc)" }),
    invoice: InvoiceDto,
    defaultToken: z.string(),
    status: common.status,
    enabled: z.boolean(),
    createdAt: z.string(),
    paymentInfo: PaymentInfoDto.nullable(),
  })
  .openapi("Bill");

export type Merchant = Pick<UserRow, "id" | "publicKey" | "email" | "billingCurrency" | "profile">;

/** The merchants of these rows, by id. */
export async function loadMerchants(db: Db, ids: readonly string[]): Promise<Map<string, Merchant>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, publicKey: users.publicKey, email: users.email, billingCurrency: users.billingCurrency, profile: users.profile })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Links of an invoice on the payments origin. `pdfPath` is where its PDF is read from. */
export function invoiceLinks(payOrigin: string, hashedId: string) {
  return {
    payUrl: hostedPayLink(payOrigin, hashedId),
    invoiceUrl: `${payOrigin}/invoice?i=${encodeURIComponent(hashedId)}`,
    pdfUrl: `${payOrigin}/api/pay/invoices/${encodeURIComponent(hashedId)}/pdf`,
  };
}

/** Bill From's merchant: the profile's name, place and tax id, logo and colour; the shortened wallet when unnamed. */
function invoiceMerchant(merchant: Merchant | undefined): PublicInvoice["merchant"] {
  const p = merchant?.profile ?? {};
  const { displayName, logoUrl, brandColor } = payerFacingMerchant(merchant);
  return {
    name: displayName,
    ...(merchant?.email ? { email: merchant.email } : {}),
    profile: { ...(p.company ? { company: p.company } : {}), ...(p.city ? { city: p.city } : {}), ...(p.taxId ? { taxId: p.taxId } : {}) },
    ...(logoUrl ? { logoUrl } : {}),
    ...(brandColor ? { brandColor } : {}),
  };
}

function publicFields(row: InvoiceRow, merchant: Merchant | undefined, payOrigin: string): Omit<PublicInvoice, "billTo"> {
  const lines = row.inclusions as Inclusion[];
  return {
    hashedId: row.hashedId,
    kind: row.kind,
    label: row.label,
    invoiceNumber: row.number,
    layout: row.layout,
    issuedOn: row.issuedOn,
    paymentDueOn: row.paymentDueOn,
    currency: row.currency,
    invoiceInclusions: lines,
    invoiceTotal: toInvoiceTotalDto(invoiceTotal(lines)),
    notes: row.notes,
    status: row.status,
    invoiceFrom: row.invoiceFrom ?? null,
    merchant: invoiceMerchant(merchant),
    ...invoiceLinks(payOrigin, row.hashedId),
  };
}

type StoredBillTo = { _id?: string; name?: string; email?: string; address?: string[] } & Record<string, unknown>;

/** Maps a row field by field (Hono does not strip undeclared fields). */
export function toInvoiceDto(row: InvoiceRow, merchant: Merchant | undefined, paymentInfo: PaymentInfo | undefined, payOrigin: string): Invoice {
  const stored = row.billTo as StoredBillTo | null;
  return {
    _id: row.id,
    ...publicFields(row, merchant, payOrigin),
    client: row.customerId,
    billTo: stored ? { ...printedPayee(stored), _id: String(stored._id ?? row.customerId ?? "") } : null,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    paymentInfo: paymentInfo ?? null,
  };
}

function printedPayee(stored: StoredBillTo): NonNullable<PublicInvoice["billTo"]> {
  const optional = (key: string) => (typeof stored[key] === "string" && stored[key] ? { [key]: stored[key] as string } : {});
  return {
    name: String(stored.name ?? ""),
    email: String(stored.email ?? ""),
    address: Array.isArray(stored.address) ? stored.address.map(String) : [],
    ...optional("organisation"),
    ...optional("pin"),
    ...optional("city"),
    ...optional("state"),
    ...optional("country"),
  };
}

export function toPublicInvoiceDto(row: InvoiceRow, merchant: Merchant | undefined, payOrigin: string): PublicInvoice {
  const stored = row.billTo as StoredBillTo | null;
  return { ...publicFields(row, merchant, payOrigin), billTo: stored ? printedPayee(stored) : null };
}

export function toBillDto(row: InvoiceRow, merchant: Merchant | undefined, paymentInfo: PaymentInfo | undefined, payOrigin: string): Bill {
  const invoice = toInvoiceDto(row, merchant, paymentInfo, payOrigin);
  const desc: BillDesc = {
    invoiceNumber: invoice.invoiceNumber,
    issuedOn: invoice.issuedOn,
    paymentDueOn: invoice.paymentDueOn,
    client: invoice.client,
    currency: invoice.currency,
    layout: invoice.layout,
    invoiceInclusions: invoice.invoiceInclusions,
    invoiceTotal: invoice.invoiceTotal,
    notes: invoice.notes,
  };
  return {
    _id: row.id,
    hashedId: row.hashedId,
    label: row.label,
    price: centsToDecimal(row.totalCents),
    currency: row.currency,
    userCurrency: merchant?.billingCurrency ?? "USD",
    desc: JSON.stringify(desc),
    invoice,
    defaultToken: Object.keys(ZLINK_TOKENS)[0],
    status: row.status,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    paymentInfo: paymentInfo ?? null,
  };
}

/** Rows with their merchants and payment info, ready to map. */
export async function withDetails(db: Db, rows: readonly InvoiceRow[], scanLink: (chainId: number, hash: string) => string | undefined) {
  const merchants = await loadMerchants(db, rows.map((r) => r.userId));
  const infos = new Map<string, PaymentInfo>();
  for (const kind of ["bill", "invoice"] as const) {
    const ids = rows.filter((r) => r.kind === kind).map((r) => r.id);
    if (ids.length === 0) continue;
    for (const [id, info] of await loadPaymentInfo(db, kind, ids)) {
      if (info.hash) info.scanLink = scanLink(info.chain, info.hash) ?? null;
      infos.set(id, info);
    }
  }
  return { merchant: (row: InvoiceRow) => merchants.get(row.userId), paymentInfo: (row: InvoiceRow) => infos.get(row.id) };
}
