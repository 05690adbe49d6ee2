import { useTranslation } from "react-i18next";
import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ExternalLink } from "@/components/ui/external-link";
import { StatusChip } from "@/components/ui/status-chip";
import { formatInvoiceAmount } from "@/lib/bills-display";
import type { InvoiceDto } from "@/lib/invoice";
import { formatInvoiceDate } from "@/lib/invoice-form";
import { billStatus } from "@/lib/status";

export interface InvoiceDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  invoice: InvoiceDto;
}

/** Invoice Details (SPEC dialogs): number, payee, dates, status and totals, with links to the invoice page and its PDF. */
export function InvoiceDetailsDialog({ open, onOpenChange, invoice }: InvoiceDetailsDialogProps) {
  const { t, i18n } = useTranslation("invoices");
  const money = (cents: string) => formatInvoiceAmount(cents, invoice.currency, i18n.language);
  const facts: [string, React.ReactNode][] = [
    [t("details.number"), <span className="font-mono">{invoice.invoiceNumber}</span>],
    [t("details.billTo"), invoice.billTo ? `${invoice.billTo.name} · ${invoice.billTo.email}` : "—"],
    [t("details.issued"), formatInvoiceDate(invoice.issuedOn)],
    [t("details.due"), formatInvoiceDate(invoice.paymentDueOn)],
    [t("details.status"), <StatusChip status={billStatus(invoice.status)} />],
    [t("details.subtotal"), money(invoice.invoiceTotal.totalAmountWithoutTax)],
    [t("details.tax"), money(invoice.invoiceTotal.totalTaxAmount)],
    [t("details.total"), <strong>{money(invoice.invoiceTotal.totalAmount)}</strong>],
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("details.title")}</DialogTitle>
          <DialogDescription>{invoice.label}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {facts.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-muted-foreground">{name}</dt>
              <dd className="min-w-0 text-right break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" asChild>
            <a href={invoice.pdfUrl} download>
              <DownloadIcon aria-hidden="true" />
              {t("details.download")}
            </a>
          </Button>
          <Button asChild>
            <ExternalLink href={invoice.invoiceUrl} variant="bare">
              {t("details.view")}
            </ExternalLink>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
