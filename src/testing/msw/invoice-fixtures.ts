/**
 * Stories only: the sample payees, zInvoices and v1 invoices the story server's invoice routes
 * (./invoice-handlers.ts) start from. Totals come from invoice-math.ts, as the server computes them.
 */
import type { BillDto, CustomerDto, Inclusion, InvoiceDto, InvoiceInput, InvoiceStatus } from "@/lib/invoice";
import { invoiceTotal, toInvoiceTotalDto, centsToDecimal } from "@/lib/invoice-math";
import { STORY_PAYMENTS_ORIGIN, STORY_USER_ID, completedPayment } from "./fixtures";

export const sampleCustomers: CustomerDto[] = [
  { _id: "c1", name: "Ada Lovelace", email: "ada@analytical.example", address: ["12 St James's Square", "London SW1Y 4JH"], organisation: "Analytical Engines Ltd", merchant: STORY_USER_ID },
  { _id: "c2", name: "Blaise Pascal", email: "blaise@pascaline.example", address: ["4 rue des Calculs", "75005 Paris"], merchant: STORY_USER_ID },
];

/** An invoice as the server answers it, from what a save carries. */
export function storyInvoice(
  input: InvoiceInput & { label: string },
  extra: { _id: string; hashedId: string; kind: "bill" | "invoice"; status?: InvoiceStatus; createdAt: string; customers?: CustomerDto[]; enabled?: boolean; paid?: boolean },
): InvoiceDto {
  const customer = (extra.customers ?? sampleCustomers).find((c) => c._id === input.client);
  const { merchant: _merchant, ...billTo } = customer ?? { merchant: "" };
  return {
    _id: extra._id,
    hashedId: extra.hashedId,
    kind: extra.kind,
    label: input.label,
    invoiceNumber: input.invoiceNumber || `ZSH-${extra.hashedId.slice(0, 6).toUpperCase()}`,
    layout: input.layout,
    issuedOn: input.issuedOn,
    paymentDueOn: input.paymentDueOn,
    client: input.client,
    billTo: customer ? (billTo as InvoiceDto["billTo"]) : null,
    currency: input.currency,
    invoiceInclusions: input.invoiceInclusions,
    invoiceTotal: toInvoiceTotalDto(invoiceTotal(input.invoiceInclusions)),
    notes: input.notes ?? "",
    status: extra.status ?? "ACTIVE",
    invoiceFrom: input.invoiceFrom ?? null,
    merchant: { name: "Story Merchant", email: "merchant@story.example", profile: { company: "Story Shop", city: "Lisbon", country: "Portugal" } },
    enabled: extra.enabled ?? true,
    createdAt: extra.createdAt,
    paymentInfo: extra.paid ? completedPayment : null,
    payUrl: `${STORY_PAYMENTS_ORIGIN}/?p=${extra.hashedId}`,
    invoiceUrl: `${STORY_PAYMENTS_ORIGIN}/invoice/${extra.hashedId}`,
    pdfUrl: `${STORY_PAYMENTS_ORIGIN}/invoice/${extra.hashedId}/pdf`,
  };
}

/** The zInvoice around an invoice, as `GET /api/bills` lists it. */
export function storyBill(invoice: InvoiceDto): BillDto {
  const { invoiceNumber, issuedOn, paymentDueOn, client, currency, layout, invoiceInclusions, invoiceTotal: total, notes } = invoice;
  return {
    _id: invoice._id,
    hashedId: invoice.hashedId,
    label: invoice.label,
    price: centsToDecimal(total.totalAmount),
    currency: invoice.currency,
    userCurrency: "USD",
    desc: JSON.stringify({ invoiceNumber, issuedOn, paymentDueOn, client, currency, layout, invoiceInclusions, invoiceTotal: total, notes }),
    invoice,
    defaultToken: "USDC",
    status: invoice.status,
    enabled: invoice.enabled,
    createdAt: invoice.createdAt,
    paymentInfo: invoice.paymentInfo,
  };
}

const designLines: Inclusion[] = [
  { description: "Website redesign", quantity: "1", unitPrice: { currency: "USD", value: "1200" }, taxPercent: "10" },
  { description: "Hosting (months)", quantity: "3", unitPrice: { currency: "USD", value: "15.5" }, taxPercent: "0" },
];
const legalLines: Inclusion[] = [
  {
    particulars: "Trademark filing",
    quantity: "2",
    professionalFees: { currency: "EUR", value: "350" },
    officialFees: { currency: "EUR", value: "120.25" },
    vat: { currency: "EUR", value: "70" },
  },
];

const base = { layout: "DEFAULT" as const, issuedOn: "2026-11-04", paymentDueOn: "2026-11-11", notes: "Thank you for your business." };

/** Newest first: active, paid, disabled (DEFAULT) and an active LEGAL one. */
export const sampleInvoices: InvoiceDto[] = [
  storyInvoice({ ...base, label: "Pay Now", client: "c1", currency: "USD", invoiceInclusions: designLines }, { _id: "b1", hashedId: "Kq7NzR2xWb4M", kind: "bill", createdAt: "2026-11-04T09:30:00.000Z" }),
  storyInvoice(
    { ...base, label: "Settle invoice", client: "c2", currency: "USD", invoiceInclusions: [designLines[1]], issuedOn: "2026-11-01", paymentDueOn: "2026-11-08" },
    { _id: "b2", hashedId: "Tp3LmQ9vYc6D", kind: "bill", status: "PAID", paid: true, createdAt: "2026-11-01T10:00:00.000Z" },
  ),
  storyInvoice(
    { ...base, label: "Pay deposit", client: "c1", currency: "USD", invoiceInclusions: [designLines[0]], issuedOn: "2026-10-20", paymentDueOn: "2026-10-27" },
    { _id: "b3", hashedId: "Hd5WsX8kJf2A", kind: "bill", status: "DISABLED", enabled: false, createdAt: "2026-10-20T08:15:00.000Z" },
  ),
  storyInvoice(
    { ...base, label: "Pay Now", layout: "LEGAL", client: "c2", currency: "EUR", invoiceInclusions: legalLines, invoiceNumber: "ZSH-2026-0042" },
    { _id: "b4", hashedId: "Rg6TyU1oPz9E", kind: "bill", createdAt: "2026-10-18T14:45:00.000Z" },
  ),
];

export const sampleBills: BillDto[] = sampleInvoices.map(storyBill);

/** v1 invoices: the same shapes, kind "invoice", one of each status the list shows. */
export const sampleV1Invoices: InvoiceDto[] = [
  { ...sampleInvoices[0], _id: "i1", kind: "invoice", invoiceNumber: "ZSH-2026-0101" },
  { ...sampleInvoices[1], _id: "i2", kind: "invoice", invoiceNumber: "ZSH-2026-0100" },
  { ...sampleInvoices[3], _id: "i3", kind: "invoice", invoiceNumber: "ZSH-2026-0099" },
  { ...sampleInvoices[0], _id: "i4", kind: "invoice", invoiceNumber: "ZSH-2026-0098", status: "CANCELLED", hashedId: "Cx2VbN7mLk4Q" },
];
