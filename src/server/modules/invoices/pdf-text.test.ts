import { deflateSync } from "node:zlib";
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

  it("words the footer by status: total paid and no due date once paid, a plain total once cancelled", async () => {
    const paid = pdfText(await renderInvoicePdf({ ...invoice, status: "PAID" }, "en")).split("\n");
    expect(paid).toContain("Total paid: 7.00 EUR");
    expect(paid.join("\n")).not.toContain("Payment due by");
    const paidFr = pdfText(await renderInvoicePdf({ ...invoice, status: "PAID" }, "fr")).split("\n");
    expect(paidFr).toContain("Total payé: 7.00 EUR");
    const cancelled = pdfText(await renderInvoicePdf({ ...invoice, status: "CANCELLED" }, "en")).split("\n");
    expect(cancelled).toContain("Total: 7.00 EUR");
    expect(cancelled.join("\n")).not.toContain("Total due");
  });

  it("an unreadable logo leaves the corner empty instead of failing the invoice", async () => {
    const pdf = await renderInvoicePdf(invoice, "en", true, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("prints Polish, Czech, Turkish, Cyrillic and Greek as typed, compressed or not", async () => {
    const names = ["Łukasz Żółć", "Dvořák a syn", "İstanbul Şirketi", "Дмитрий Петров", "Ελένη Παπαδοπούλου", "Příliš žluťoučký kůň, ğüşıöç"];
    const european: PublicInvoiceDto = {
      ...invoice,
      merchant: { name: names[0], profile: {} },
      billTo: { name: names[3], organisation: names[2], email: "d@example.com", address: [names[4], ""], city: names[1] },
      invoiceInclusions: [{ ...invoice.invoiceInclusions[0], description: names[5] }],
    };
    for (const compress of [true, false]) {
      setPdfCompression(compress);
      const lines = pdfText(await renderInvoicePdf(european, "en")).split("\n");
      for (const expected of [...names, "Total due: 7.00 EUR"]) expect(lines).toContain(expected);
    }
    setPdfCompression(true);
  });
});

/** A one-page PDF by hand: an embedded font F1 with a ToUnicode CMap, a standard font F2 without one. */
function handMadePdf(compress: boolean): Buffer {
  const cmap = [
    "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
    "1 begincodespacerange <0000> <ffff> endcodespacerange",
    "2 beginbfchar",
    "<0001> <0141>",
    "<0002> <D83D DE00>",
    "endbfchar",
    "2 beginbfrange",
    "<0003> <0004> <03B1>",
    "<0005> <0007> [<0436> <0066006C> <0066 0066 0069>]",
    "endbfrange",
    "endcmap end end",
  ].join("\n");
  const content = "BT /F1 12 Tf 10 700 Td <0001000200030004> Tj /F2 12 Tf 0 -14 Td <48e9> Tj /F1 9 Tf 0 -14 Td [<0005> -20 <00060007>] TJ ET";
  const stream = (data: string) => {
    const bytes = compress ? deflateSync(Buffer.from(data, "latin1")) : Buffer.from(data, "latin1");
    return Buffer.concat([Buffer.from(`<< /Length ${bytes.length}${compress ? " /Filter /FlateDecode" : ""} >>\nstream\n`), bytes, Buffer.from("\nendstream")]);
  };
  const objects: (string | Buffer)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R /Resources 4 0 R >>",
    "<< /ProcSet [/PDF /Text] /Font << /F1 5 0 R /F2 6 0 R >> >>",
    "<< /Type /Font /Subtype /Type0 /BaseFont /AAAAAA+Test /Encoding /Identity-H /ToUnicode 8 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    stream(content),
    stream(cmap),
  ];
  return Buffer.concat([Buffer.from("%PDF-1.3\n"), ...objects.flatMap((body, i) => [Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from("\nendobj\n")]), Buffer.from("trailer\n<< /Root 1 0 R >>\n%%EOF\n")]);
}

describe("pdfText", () => {
  it("reads each string through the CMap of the font the last Tf chose (bfchar, both bfrange forms, spaced ligatures), a standard font as WinAnsi", () => {
    for (const compress of [true, false]) expect(pdfText(handMadePdf(compress)).split("\n")).toEqual(["Ł😀αβ", "Hé", "жflffi"]);
  });
});
