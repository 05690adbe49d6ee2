import { useTranslation } from "react-i18next";
import { isLegalInclusion, type PublicInvoiceDto } from "@/lib/invoice";
import { formatCents, formatTyped } from "./invoice-format";

/** The invoice lines as a table, in the invoice's layout (default or LEGAL); scrolls sideways on a narrow screen. */
export function InvoiceLines({ invoice }: { invoice: Pick<PublicInvoiceDto, "layout" | "invoiceInclusions" | "invoiceTotal" | "currency"> }) {
  const { t, i18n } = useTranslation("invoices", { keyPrefix: "document" });
  const lng = i18n.language;
  const cur = invoice.currency;
  const legal = invoice.layout === "LEGAL";
  const headers = legal
    ? [t("particulars"), t("quantity"), t("professionalFees"), t("officialFees"), t("vat"), t("amount")]
    : [t("description"), t("quantity"), t("unitPrice"), t("taxPercent"), t("tax"), t("amount")];
  return (
    <div className="overflow-x-auto" data-slot="invoice-lines" tabIndex={0} role="region" aria-label={t("linesCaption")}>
      <table className="w-full min-w-[34rem] border-collapse text-sm">
        <caption className="sr-only">{t("linesCaption")}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            {headers.map((h, i) => (
              <th key={h} scope="col" className={`py-2 font-medium ${i === 0 ? "pr-2" : "px-2 text-right"}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invoice.invoiceInclusions.map((line, i) => {
            const total = invoice.invoiceTotal.itemTotals[i] ?? { amount: "0", taxAmount: "0", totalAmount: "0" };
            const cells = isLegalInclusion(line)
              ? [line.particulars, line.quantity, formatTyped(line.professionalFees.value, cur, lng), formatTyped(line.officialFees.value, cur, lng), formatTyped(line.vat.value, cur, lng)]
              : [line.description, line.quantity, formatTyped(line.unitPrice.value, cur, lng), `${line.taxPercent} %`, formatCents(total.taxAmount, cur, lng)];
            return (
              <tr key={i} className="border-b align-top">
                {cells.map((cell, j) => (
                  <td key={j} className={j === 0 ? "py-2 pr-2 break-words" : "px-2 py-2 text-right whitespace-nowrap tabular-nums"}>
                    {cell}
                  </td>
                ))}
                <td className="py-2 pl-2 text-right font-medium whitespace-nowrap tabular-nums">{formatCents(total.totalAmount, cur, lng)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
