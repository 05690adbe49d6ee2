import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import type { PublicInvoiceDto } from "@/lib/invoice";
import { dueDistance } from "@/lib/invoice-form";

export type InvoiceMode = "pay" | "merchant";

/**
 * SPEC §4 invoice actions: ACTIVE in pay mode offers Make Payment (a link to the pay page); ACTIVE
 * says 'Due in' or 'Overdue by' and the distance; CANCELLED shows a disabled Cancelled button, PAID
 * in pay mode a disabled Paid one. Download PDF and Print always. None of it prints.
 */
export function InvoiceActions({
  invoice,
  mode,
  now,
  onPrint,
}: {
  invoice: Pick<PublicInvoiceDto, "status" | "paymentDueOn" | "payUrl" | "pdfUrl">;
  mode: InvoiceMode;
  now: Date;
  /** Print handler; without one the button carries `data-invoice-print` for the page's own script. */
  onPrint?: () => void;
}) {
  const { t, i18n } = useTranslation("invoices", { keyPrefix: "document" });
  const due = invoice.status === "ACTIVE" ? dueDistance(invoice.paymentDueOn, now, i18n.language) : null;
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden" data-slot="invoice-actions">
      {invoice.status === "ACTIVE" && mode === "pay" ? (
        <Button asChild size="lg">
          <a href={invoice.payUrl}>{t("makePayment")}</a>
        </Button>
      ) : null}
      {invoice.status === "PAID" && mode === "pay" ? (
        <Button size="lg" disabled>
          {t("paid")}
        </Button>
      ) : null}
      {invoice.status === "CANCELLED" ? (
        <Button size="lg" variant="secondary" disabled>
          {t("cancelled")}
        </Button>
      ) : null}
      {due ? (
        <p className={due.overdue ? "text-sm font-medium text-destructive" : "text-sm text-muted-foreground"} data-testid="invoice-due">
          {t(due.overdue ? "overdueBy" : "dueIn", { distance: due.distance })}
        </p>
      ) : null}
      <div className="ml-auto flex gap-2">
        <Button asChild variant="outline">
          <a href={invoice.pdfUrl} download>
            {t("downloadPdf")}
          </a>
        </Button>
        <Button type="button" variant="ghost" onClick={onPrint} data-invoice-print={onPrint ? undefined : ""}>
          {t("print")}
        </Button>
      </div>
    </div>
  );
}
