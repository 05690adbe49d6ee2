import { useTranslation } from "react-i18next";
import type { PublicInvoiceDto } from "@/lib/invoice";
import { formatCents } from "./invoice-format";

/** Subtotal, tax and total of the invoice (computed by the server, hundredths). */
export function InvoiceTotals({ invoice }: { invoice: Pick<PublicInvoiceDto, "invoiceTotal" | "currency"> }) {
  const { t, i18n } = useTranslation("invoices", { keyPrefix: "document" });
  const money = (cents: string) => formatCents(cents, invoice.currency, i18n.language);
  return (
    <dl className="ml-auto grid w-full max-w-xs grid-cols-[1fr_auto] gap-y-1 text-sm" data-slot="invoice-totals">
      <dt className="text-muted-foreground">{t("subtotal")}</dt>
      <dd className="pl-4 text-right tabular-nums">{money(invoice.invoiceTotal.totalAmountWithoutTax)}</dd>
      <dt className="text-muted-foreground">{t("totalTax")}</dt>
      <dd className="pl-4 text-right tabular-nums">{money(invoice.invoiceTotal.totalTaxAmount)}</dd>
      <dt className="border-t pt-1 font-semibold">{t("total")}</dt>
      <dd className="border-t pt-1 pl-4 text-right font-semibold tabular-nums" data-testid="invoice-total">
        {money(invoice.invoiceTotal.totalAmount)}
      </dd>
    </dl>
  );
}
