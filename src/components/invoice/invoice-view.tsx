import { useTranslation } from "react-i18next";
import { brandStyle } from "@/components/pay/brand-theme";
import { MerchantBrandHeader } from "@/components/branding/merchant-brand-header";
import { StatusChip } from "@/components/ui/status-chip";
import { invoiceFooter, type PublicInvoiceDto } from "@/lib/invoice";
import { billStatus } from "@/lib/status";
import { formatInvoiceDate } from "@/lib/invoice-form";
import { InvoiceActions, type InvoiceMode } from "./invoice-actions";
import { formatCents } from "./invoice-format";
import { InvoiceLines } from "./invoice-lines";
import { InvoiceParties } from "./invoice-parties";
import { InvoiceTotals } from "./invoice-totals";

export interface InvoiceViewProps {
  /** The invoice as the payer reads it; the merchant's InvoiceDto is a superset. */
  invoice: PublicInvoiceDto;
  /** `pay`: the payer's page (Make Payment); `merchant`: the merchant's view of their own invoice. */
  mode: InvoiceMode;
  /** The moment 'Due in' / 'Overdue by' is measured from. */
  now: Date;
  onPrint?: () => void;
  /** The document title's heading level (h1 where it is the page's title, as on both pages today). */
  titleAs?: "h1" | "h2";
}

/**
 * The invoice document (SPEC issue): number, dates, Bill From, Bill To, the lines of its layout,
 * totals, notes and a footer with the total and the due date, then the actions. The payer page, the
 * merchant view and the server render this same component; the PDF prints the same content.
 */
export function InvoiceView({ invoice, mode, now, onPrint, titleAs: Title = "h1" }: InvoiceViewProps) {
  const { t, i18n } = useTranslation("invoices", { keyPrefix: "document" });
  const total = formatCents(invoice.invoiceTotal.totalAmount, invoice.currency, i18n.language);
  const footer = invoiceFooter(invoice.status);
  return (
    <article
      className="mx-auto grid w-full max-w-3xl gap-6 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-8 print:max-w-none print:border-0 print:p-0 print:shadow-none"
      aria-labelledby="invoice-title"
      data-slot="invoice-view"
      data-status={invoice.status}
      // The merchant's colour on the primary button and focus ring, its text black or white by contrast.
      style={brandStyle(invoice.merchant.brandColor)}
    >
      {invoice.merchant.logoUrl || invoice.merchant.brandColor ? (
        <MerchantBrandHeader name={invoice.merchant.profile.company ?? null} logoUrl={invoice.merchant.logoUrl ?? null} color={invoice.merchant.brandColor ?? null} />
      ) : null}
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <Title id="invoice-title" className="text-2xl font-bold">
            {t("title")} <span className="font-mono" data-testid="invoice-number">{invoice.invoiceNumber}</span>
          </Title>
          <StatusChip color={billStatus(invoice.status).color}>{t(`status.${invoice.status}`)}</StatusChip>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t("issuedOn")}</dt>
          <dd className="tabular-nums">{formatInvoiceDate(invoice.issuedOn)}</dd>
          <dt className="text-muted-foreground">{t("dueOn")}</dt>
          <dd className="tabular-nums">{formatInvoiceDate(invoice.paymentDueOn)}</dd>
        </dl>
      </header>
      <InvoiceActions invoice={invoice} mode={mode} now={now} onPrint={onPrint} />
      <InvoiceParties invoice={invoice} />
      <InvoiceLines invoice={invoice} />
      <InvoiceTotals invoice={invoice} />
      {invoice.notes ? (
        <section aria-labelledby="invoice-notes">
          <h2 id="invoice-notes" className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t("notes")}
          </h2>
          <p className="text-sm whitespace-pre-line">{invoice.notes}</p>
        </section>
      ) : null}
      <footer className="flex flex-wrap items-baseline justify-between gap-2 border-t pt-4 text-sm">
        <p className="font-semibold">
          {t(footer.totalKey)}: <span className="tabular-nums" data-testid="invoice-footer-total">{total}</span>
        </p>
        {footer.showDueDate ? <p className="text-muted-foreground">{t("footerDue", { date: formatInvoiceDate(invoice.paymentDueOn) })}</p> : null}
      </footer>
    </article>
  );
}
