/**
 * zInvoice and v1 invoices (SPEC §3, §5, §9): the constants, the line shapes both layouts use,
 * and the wire shapes of `/api/bills`, `/api/v1/invoices` and `/api/v1/customers`. Shared by the
 * dialogs, the invoice page (payer and merchant), the PDF and the server. Amounts on lines are
 * decimal text as typed; totals are hundredths of the invoice currency (see invoice-math.ts).
 */
import type { PaymentInfoDto } from "./transaction-details";

export const INVOICE_NUMBER_PREFIX = "ZSH";
export const DEFAULT_INVOICE_CURRENCY = "USD";
export const DEFAULT_BUTTON_LABEL = "Pay Now";
/** Due date default: one week after the issue date. */
export const DUE_AFTER_DAYS = 7;
/** Dates on invoices read yyyy/MM/dd (date-fns pattern); the wire carries ISO yyyy-MM-dd. */
export const INVOICE_DATE_FORMAT = "yyyy/MM/dd";

export const INVOICE_LAYOUTS = ["DEFAULT", "LEGAL"] as const;
export type InvoiceLayout = (typeof INVOICE_LAYOUTS)[number];

/** SPEC §4 reading 2. INIT shows as Pending. */
export const INVOICE_STATUSES = ["ACTIVE", "DRAFT", "PAID", "CANCELLED", "DISABLED", "INIT"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An amount as typed: decimal text in a currency. */
export interface MoneyValue {
  currency: string;
  value: string;
}

/** SPEC default inclusion line. `quantity` and `taxPercent` are decimal text (quantity default "1"). */
export interface DefaultInclusion {
  description: string;
  quantity: string;
  unitPrice: MoneyValue;
  taxPercent: string;
}

/**
 * SPEC LEGAL inclusion line. Per unit: professional and official fees; `vat` is the tax per unit,
 * an amount (not a percent). Line amount = quantity × (professional + official), tax = quantity × vat.
 */
export interface LegalInclusion {
  particulars: string;
  quantity: string;
  professionalFees: MoneyValue;
  officialFees: MoneyValue;
  vat: MoneyValue;
}

export type Inclusion = DefaultInclusion | LegalInclusion;

/** Totals as the wire carries them: integer text of hundredths (bigint-safe). */
export interface InvoiceTotalDto {
  itemTotals: { amount: string; taxAmount: string; totalAmount: string }[];
  totalAmountWithoutTax: string;
  totalTaxAmount: string;
  totalAmount: string;
}

/** SPEC Customer (payee). `address` is two text lines. */
export interface CustomerDto {
  _id: string;
  name: string;
  email: string;
  address: string[];
  organisation?: string;
  pin?: string;
  city?: string;
  state?: string;
  country?: string;
  /** The merchant's user id. */
  merchant: string;
}
export type CustomerInput = Omit<CustomerDto, "_id" | "merchant">;

/** Who the invoice is from (SPEC Invoice.merchant, shown in Bill From). */
export interface InvoiceMerchantDto {
  name: string;
  email?: string;
  profile: { company?: string; city?: string; state?: string; country?: string; zip?: string; taxId?: string };
  /** The merchant's logo and brand colour (#rrggbb), when set: the invoice page shows them at the top. */
  logoUrl?: string;
  brandColor?: string;
}

/** SPEC Invoice as `/api/v1/invoices` answers (and as the invoice page renders). Dates ISO yyyy-MM-dd. */
export interface InvoiceDto {
  _id: string;
  /** Public id: the pay page `?p=` and the invoice page. */
  hashedId: string;
  kind: "bill" | "invoice";
  /** The pay button's label (zInvoice), default 'Pay Now'. */
  label: string;
  invoiceNumber: string;
  layout: InvoiceLayout;
  issuedOn: string;
  paymentDueOn: string;
  /** The customer id. */
  client: string | null;
  /** The customer as billed (frozen at save). */
  billTo: Omit<CustomerDto, "merchant"> | null;
  currency: string;
  invoiceInclusions: Inclusion[];
  invoiceTotal: InvoiceTotalDto;
  notes: string;
  status: InvoiceStatus;
  invoiceFrom: { title: string; subtext: string } | null;
  merchant: InvoiceMerchantDto;
  enabled: boolean;
  createdAt: string;
  paymentInfo: PaymentInfoDto | null;
  /** The hosted pay page for this invoice (payments origin). */
  payUrl: string;
  /** The read-only invoice page (payments origin); `pdfUrl` is its PDF. */
  invoiceUrl: string;
  pdfUrl: string;
}

/**
 * The invoice as the payer's invoice page reads it (`GET /api/pay/invoices/{hashedId}` on the
 * payments origin): what is printed on it, without the merchant's internal ids and payment records.
 */
export type PublicInvoiceDto = Omit<InvoiceDto, "_id" | "client" | "billTo" | "enabled" | "createdAt" | "paymentInfo"> & {
  billTo: Omit<CustomerDto, "_id" | "merchant"> | null;
};

/** Whether the invoice may be paid now (SPEC §4: ACTIVE and enabled). */
export function isPayableInvoice(invoice: Pick<InvoiceDto, "status"> & { enabled?: boolean }): boolean {
  return invoice.status === "ACTIVE" && invoice.enabled !== false;
}

/** What a create or update carries (the dialog's values). The server computes totals and, when absent, the number. */
export interface InvoiceInput {
  label?: string;
  invoiceNumber?: string;
  layout: InvoiceLayout;
  issuedOn: string;
  paymentDueOn: string;
  client: string;
  currency: string;
  invoiceInclusions: Inclusion[];
  notes?: string;
  invoiceFrom?: { title: string; subtext: string } | null;
}

/** What a bill's `desc` JSON text holds (SPEC §3 Bill). */
export interface BillDesc {
  invoiceNumber: string;
  issuedOn: string;
  paymentDueOn: string;
  client: string | null;
  currency: string;
  layout: InvoiceLayout;
  invoiceInclusions: Inclusion[];
  invoiceTotal: InvoiceTotalDto;
  notes: string;
}

/** SPEC Bill as `GET /api/bills` lists it: the zInvoice product around its invoice. `price` is the total, decimal text. */
export interface BillDto {
  _id: string;
  hashedId: string;
  label: string;
  price: string;
  currency: string;
  userCurrency: string;
  /** JSON text of `BillDesc` (SPEC); `invoice` is the same invoice parsed, for convenience. */
  desc: string;
  invoice: InvoiceDto;
  defaultToken: string;
  status: InvoiceStatus;
  enabled: boolean;
  createdAt: string;
  paymentInfo: PaymentInfoDto | null;
}

export function isLegalInclusion(line: Inclusion): line is LegalInclusion {
  return "particulars" in line;
}

/**
 * What the invoice's footer says under each status, on the page and in the PDF alike: an open
 * invoice has a total due and a due date; a paid one says what was paid and asks nothing more; a
 * cancelled or disabled one states its total and no date to pay by.
 */
export function invoiceFooter(status: InvoiceStatus): { totalKey: "footerTotal" | "footerTotalPaid" | "footerTotalClosed"; showDueDate: boolean } {
  if (status === "PAID") return { totalKey: "footerTotalPaid", showDueDate: false };
  if (status === "CANCELLED" || status === "DISABLED") return { totalKey: "footerTotalClosed", showDueDate: false };
  return { totalKey: "footerTotal", showDueDate: true };
}
