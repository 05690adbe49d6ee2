import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Inclusion, PublicInvoiceDto } from "@/lib/invoice";
import { invoiceFooter, isLegalInclusion } from "@/lib/invoice";
import { formatInvoiceDate } from "@/lib/invoice-form";
import { centsToDecimal } from "@/lib/invoice-math";
import { invoiceTranslator } from "./i18n";

// This file is what the PDF worker thread runs (pdf-worker.ts): it imports nothing of the database
// or the HTTP layer, so the worker loads pdfkit, the fonts and the translations and little else.

/**
 * Part of every PDF's content hash (ETag and cache key): bump it when the document's layout
 * changes, so a payer's browser does not keep the old drawing of an unchanged invoice.
 */
export const PDF_LAYOUT_VERSION = 2;

/** Under test the PDF is written uncompressed so its text can be read back. */
let compressPdf = true;
export function setPdfCompression(on: boolean): void {
  compressPdf = on;
}
/** Whether PDFs are written compressed (the worker is told with each render). */
export function pdfCompression(): boolean {
  return compressPdf;
}

/** PDFs drawn in this thread: the server's main thread must stay at 0 (they are drawn in the worker). */
let rendersHere = 0;
export function pdfRendersInThisThread(): number {
  return rendersHere;
}

/** The names the document's two fonts are registered under. */
const REGULAR = "DejaVuSans";
const BOLD = "DejaVuSans-Bold";

/**
 * DejaVu Sans, regular and bold, read once on the first PDF (1.4 MB; pdfkit embeds only the
 * glyphs a document uses). Found from this file's location, which the server bundle keeps
 * (scripts/build-server.mjs), so the package needs no entry in SERVER_EXTERNALS.
 */
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
function loadFonts() {
  if (!fonts) {
    const resolve = createRequire(import.meta.url).resolve;
    const read = (file: string) => readFile(resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fonts = Promise.all([read("DejaVuSans.ttf"), read("DejaVuSans-Bold.ttf")]).then(([regular, bold]) => ({ regular, bold }));
    // A failed read is tried again on the next PDF rather than remembered.
    fonts.catch(() => (fonts = undefined));
  }
  return fonts;
}

/** The square the logo is fitted into, in points (about 17 mm). */
const LOGO_BOX = 48;

/** "12.5" in USD → "12.50 USD"; hundredths → "24.10 USD". */
const money = (decimal: string, currency: string) => `${decimal} ${currency}`;
const cents = (value: string, currency: string) => money(centsToDecimal(value), currency);

/**
 * The invoice as a PDF (SPEC issue: the same content as the invoice page): number, dates, Bill
 * From, Bill To, the lines of its layout, totals, notes and a footer with the total and due date.
 * Embedded DejaVu Sans (the standard PDF fonts are WinAnsi only): Latin with every European
 * accent (Polish, Czech, Turkish…), Greek and Cyrillic print as typed. DejaVu Sans has no CJK or
 * Arabic glyphs: such text would print as empty boxes.
 */
export async function renderInvoicePdf(invoice: PublicInvoiceDto, lng: string | undefined, compress = compressPdf, logo?: Uint8Array): Promise<Buffer> {
  rendersHere++;
  // Loaded on the first PDF, not at start: pdfkit and the fonts are 12 MB of a server that may never print one.
  const [{ default: PDFDocument }, { regular, bold }] = await Promise.all([import("pdfkit"), loadFonts()]);
  const t = invoiceTranslator(lng).getFixedT(null, "invoices", "document");
  const doc = new PDFDocument({ size: "A4", margin: 48, compress, info: { Title: `${t("title")} ${invoice.invoiceNumber}` } });
  const chunks: Buffer[] = [];
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const cur = invoice.currency;

  // The merchant's logo at the top right, as the page shows it (an upload the server re-encoded as
  // PNG or JPEG, both of which pdfkit reads). A logo it cannot read leaves the corner empty rather
  // than failing the whole invoice.
  if (logo) {
    try {
      doc.image(Buffer.from(logo), left + width - LOGO_BOX, 48, { fit: [LOGO_BOX, LOGO_BOX], align: "right" });
    } catch {
      // drawn without the logo
    }
  }
  doc.font(BOLD).fontSize(22).text(t("title"), left, 48);
  doc.font(REGULAR).fontSize(10).fillColor("#444");
  doc.text(`${t("number")}: ${invoice.invoiceNumber}`);
  doc.text(`${t("issuedOn")}: ${formatInvoiceDate(invoice.issuedOn)}`);
  doc.text(`${t("dueOn")}: ${formatInvoiceDate(invoice.paymentDueOn)}`);
  doc.text(t(`status.${invoice.status}`));
  doc.moveDown();

  // Bill From / Bill To side by side.
  const top = doc.y;
  const half = width / 2 - 8;
  const block = (title: string, lines: string[], x: number) => {
    doc.font(BOLD).fontSize(11).fillColor("#000").text(title, x, top, { width: half });
    doc.font(REGULAR).fontSize(10).fillColor("#222");
    for (const line of lines.filter(Boolean)) doc.text(line, x, undefined, { width: half });
    return doc.y;
  };
  // Bill From as the page prints it (invoice-parties.tsx): the From block's title, else the company,
  // else the merchant's display name; then the block's text, e-mail, place and tax id.
  const from = invoice.invoiceFrom;
  const profile = invoice.merchant.profile;
  const fromLines = [
    from?.title || profile.company || invoice.merchant.name,
    from?.subtext ?? "",
    invoice.merchant.email ?? "",
    [profile.city, profile.state, profile.zip, profile.country].filter(Boolean).join(", "),
    profile.taxId ?? "",
  ];
  const to = invoice.billTo;
  const toLines = to ? [to.name, to.organisation ?? "", to.email, ...to.address, [to.city, to.state, to.pin].filter(Boolean).join(", "), to.country ?? ""] : [];
  const endFrom = block(t("billFrom"), fromLines, left);
  const endTo = block(t("billTo"), toLines, left + half + 16);
  doc.y = Math.max(endFrom, endTo) + 16;

  // Lines.
  const legal = invoice.layout === "LEGAL";
  const headers = legal
    ? [t("particulars"), t("quantity"), t("professionalFees"), t("officialFees"), t("vat"), t("amount")]
    : [t("description"), t("quantity"), t("unitPrice"), t("taxPercent"), t("tax"), t("amount")];
  const widths = [0.34, 0.08, 0.15, 0.13, 0.13, 0.17].map((f) => f * width);
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    doc.font(bold ? BOLD : REGULAR).fontSize(9).fillColor("#000");
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 2, y, { width: widths[i] - 4, align: i === 0 ? "left" : "right" });
      bottom = Math.max(bottom, doc.y);
      x += widths[i];
    });
    doc.y = bottom + 4;
    doc.moveTo(left, doc.y - 2).lineTo(left + width, doc.y - 2).strokeColor("#ddd").stroke();
  };
  row(headers, true);
  invoice.invoiceInclusions.forEach((line: Inclusion, i) => {
    const total = invoice.invoiceTotal.itemTotals[i];
    if (isLegalInclusion(line)) {
      row([line.particulars, line.quantity, money(line.professionalFees.value, cur), money(line.officialFees.value, cur), money(line.vat.value, cur), cents(total?.totalAmount ?? "0", cur)]);
    } else {
      row([line.description, line.quantity, money(line.unitPrice.value, cur), `${line.taxPercent}%`, cents(total?.taxAmount ?? "0", cur), cents(total?.totalAmount ?? "0", cur)]);
    }
  });

  // Totals.
  doc.moveDown();
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(bold ? 12 : 10).fillColor("#000");
    doc.text(`${label}: ${value}`, left, undefined, { width, align: "right" });
  };
  total(t("subtotal"), cents(invoice.invoiceTotal.totalAmountWithoutTax, cur));
  total(t("totalTax"), cents(invoice.invoiceTotal.totalTaxAmount, cur));
  total(t("total"), cents(invoice.invoiceTotal.totalAmount, cur), true);

  if (invoice.notes) {
    doc.moveDown();
    doc.font(BOLD).fontSize(11).text(t("notes"), left);
    doc.font(REGULAR).fontSize(10).text(invoice.notes, left, undefined, { width });
  }

  // Footer: the total as its status words it, and the due date while it is still to be paid.
  const footer = invoiceFooter(invoice.status);
  doc.moveDown(2);
  doc.font(BOLD).fontSize(11).fillColor("#000").text(`${t(footer.totalKey)}: ${cents(invoice.invoiceTotal.totalAmount, cur)}`, left, undefined, { width });
  if (footer.showDueDate) doc.font(REGULAR).fontSize(10).text(t("footerDue", { date: formatInvoiceDate(invoice.paymentDueOn) }), left, undefined, { width });
  doc.end();
  return done;
}

/** `Content-Disposition` file name: the number, with anything unusual replaced. */
export function pdfFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9._-]/g, "_") || "invoice"}.pdf`;
}
