import type { PublicInvoiceDto } from "@/lib/invoice";
import { invoiceTotal, toInvoiceTotalDto } from "@/lib/invoice-math";

/** The moment stories measure 'Due in' from. */
export const STORY_NOW = new Date("2026-11-26T10:00:00Z");

const defaultLines: PublicInvoiceDto["invoiceInclusions"] = [
  { description: "Website redesign — home and pricing pages", quantity: "1", unitPrice: { currency: "USD", value: "1200" }, taxPercent: "20" },
  { description: "Hosting (monthly)", quantity: "3", unitPrice: { currency: "USD", value: "19.99" }, taxPercent: "0" },
];
const legalLines: PublicInvoiceDto["invoiceInclusions"] = [
  { particulars: "Trademark application, class 9", quantity: "1", professionalFees: { currency: "USD", value: "450" }, officialFees: { currency: "USD", value: "250" }, vat: { currency: "USD", value: "90" } },
  { particulars: "Search report", quantity: "2", professionalFees: { currency: "USD", value: "75.5" }, officialFees: { currency: "USD", value: "0" }, vat: { currency: "USD", value: "15.1" } },
];

/** A sample invoice as the payer's page reads it. */
export function sampleInvoice(over: Partial<PublicInvoiceDto> = {}): PublicInvoiceDto {
  const lines = over.invoiceInclusions ?? (over.layout === "LEGAL" ? legalLines : defaultLines);
  return {
    hashedId: "7Hq2kZr9XbNm",
    kind: "invoice",
    label: "Pay Now",
    invoiceNumber: "ZSH000042",
    layout: "DEFAULT",
    issuedOn: "2026-11-24",
    paymentDueOn: "2026-12-01",
    currency: "USD",
    invoiceTotal: toInvoiceTotalDto(invoiceTotal(lines)),
    notes: "Thank you for your business. Payment in USDC on Solana or any supported chain.",
    status: "ACTIVE",
    invoiceFrom: { title: "Studio Nord", subtext: "12 Harbour Street\nOslo, Norway" },
    merchant: { name: "7xKX…gAsU", email: "billing@studionord.example", profile: {} },
    billTo: { name: "Ada Lovelace", email: "ada@example.com", address: ["1 Analytical Way", "Floor 2"], organisation: "Engines Ltd", city: "London", country: "United Kingdom" },
    payUrl: "http://localhost:4322/?p=7Hq2kZr9XbNm",
    invoiceUrl: "http://localhost:4322/invoice?i=7Hq2kZr9XbNm",
    pdfUrl: "http://localhost:4322/api/pay/invoices/7Hq2kZr9XbNm/pdf",
    ...over,
    invoiceInclusions: lines,
  };
}
