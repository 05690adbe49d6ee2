import { useTranslation } from "react-i18next";
import { isLegalInclusion, type PublicInvoiceDto } from "@/lib/invoice";
import { formatCents, formatTyped } from "./invoice-format";

/**
 * The invoice lines in the invoice's layout (default or LEGAL). One table for every width: from
 * `sm` up it is a table; on a phone each line becomes a card whose cells carry their column's name
 * (`data-label`), so no column is pushed off screen. The explicit roles keep the table's meaning
 * for screen readers once its rows are laid out as blocks.
 */
export function InvoiceLines({ invoice }: { invoice: Pick<PublicInvoiceDto, "layout" | "invoiceInclusions" | "invoiceTotal" | "currency"> }) {
  const { t, i18n } = useTranslation("invoices", { keyPrefix: "document" });
  const lng = i18n.language;
  const cur = invoice.currency;
  const legal = invoice.layout === "LEGAL";
  const headers = legal
    ? [t("particulars"), t("quantity"), t("professionalFees"), t("officialFees"), t("vat"), t("amount")]
    : [t("description"), t("quantity"), t("unitPrice"), t("taxPercent"), t("tax"), t("amount")];
  const labelled = "max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]";
  return (
    <div data-slot="invoice-lines" role="region" aria-label={t("linesCaption")}>
      <table role="table" className="w-full border-collapse text-sm max-sm:block">
        <caption className="sr-only">{t("linesCaption")}</caption>
        <thead role="rowgroup" className="max-sm:sr-only">
          <tr role="row" className="border-b text-left text-xs text-muted-foreground">
            {headers.map((h, i) => (
              <th key={h} role="columnheader" scope="col" className={`py-2 font-medium ${i === 0 ? "pr-2" : "px-2 text-right"}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-sm:grid max-sm:gap-3">
          {invoice.invoiceInclusions.map((line, i) => {
            const total = invoice.invoiceTotal.itemTotals[i] ?? { amount: "0", taxAmount: "0", totalAmount: "0" };
            const cells = isLegalInclusion(line)
              ? [line.particulars, line.quantity, formatTyped(line.professionalFees.value, cur, lng), formatTyped(line.officialFees.value, cur, lng), formatTyped(line.vat.value, cur, lng)]
              : [line.description, line.quantity, formatTyped(line.unitPrice.value, cur, lng), `${line.taxPercent} %`, formatCents(total.taxAmount, cur, lng)];
            return (
              <tr key={i} role="row" className="border-b align-top max-sm:grid max-sm:gap-1 max-sm:rounded-lg max-sm:border max-sm:p-3">
                {cells.map((cell, j) => (
                  <td
                    key={j}
                    role="cell"
                    data-label={headers[j]}
                    className={
                      j === 0
                        ? "py-2 pr-2 break-words max-sm:p-0 max-sm:font-medium"
                        : `px-2 py-2 text-right whitespace-nowrap tabular-nums max-sm:p-0 ${labelled}`
                    }
                  >
                    {cell}
                  </td>
                ))}
                <td role="cell" data-label={headers[5]} className={`py-2 pl-2 text-right font-medium whitespace-nowrap tabular-nums max-sm:border-t max-sm:p-0 max-sm:pt-1 ${labelled}`}>
                  {formatCents(total.totalAmount, cur, lng)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
