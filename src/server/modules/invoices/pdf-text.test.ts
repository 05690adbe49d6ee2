import { describe, expect, it } from "vitest";
import { renderInvoicePdf, setPdfCompression } from "./pdf";
import { pdfText } from "./pdf-text";
import type { PublicInvoiceDto } from "@/lib/invoice";

const invoice: PublicInvoiceDto = {
  hashedId: "h",
  kind: "invoice",
  label: "Pay Now",
  invoiceNumber: "ZSH000007",
  layout: "DEFAULT",
  issuedOn: "2026-11-24",
  paymentDueOn: "2026-12-01",
  currency: "EUR",
  invoiceInclusions: [{ description: "Café crème", quantity: "2", unitPrice: { currency: "EUR", value: "3.5" }, taxPercent: "0" }],
  invoiceTotal: { itemTotals: [{ amount: "700", taxAmount: "0", totalAmount: "700" }], totalAmountWithoutTax: "700", totalTaxAmount: "0", totalAmount: "700" },
  notes: "Merci",
  status: "ACTIVE",
  invoiceFrom: null,
  merchant: { name: "Shop", profile: {} },
  billTo: { name: "Zoë", email: "z@example.com", address: ["", ""] },
  payUrl: "",
  invoiceUrl: "",
  pdfUrl: "",
};

describe("the invoice PDF", () => {
  it("holds the number, lines, Latin text and total, compressed or not", async () => {
    for (const compress of [true, false]) {
      setPdfCompression(compress);
      const pdf = await renderInvoicePdf(invoice, "en");
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      const text = pdfText(pdf);
      for (const expected of ["ZSH000007", "Café crème", "Zoë", "Total due: 7.00 EUR", "Payment due by 2026/12/01", "Merci"]) expect(text).toContain(expected);
    }
    setPdfCompression(true);
  });
});
