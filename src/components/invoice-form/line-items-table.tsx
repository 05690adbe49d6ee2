import { useFieldArray, useFormContext, useWatch, type FieldPath } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { formatInvoiceAmount } from "@/lib/bills-display";
import type { Inclusion, InvoiceLayout } from "@/lib/invoice";
import { emptyLine, type InvoiceFormValues } from "@/lib/invoice-form";
import { invoiceTotal } from "@/lib/invoice-math";

type LineField = "description" | "particulars" | "quantity" | "unitPrice.value" | "taxPercent" | "professionalFees.value" | "officialFees.value" | "vat.value";

/** The inputs of one line per layout, in order: its translation key, the field, and whether it is an amount. */
const LAYOUT_FIELDS: Record<InvoiceLayout, { key: string; field: LineField; numeric: boolean }[]> = {
  DEFAULT: [
    { key: "description", field: "description", numeric: false },
    { key: "quantity", field: "quantity", numeric: true },
    { key: "unitPrice", field: "unitPrice.value", numeric: true },
    { key: "taxPercent", field: "taxPercent", numeric: true },
  ],
  LEGAL: [
    { key: "particulars", field: "particulars", numeric: false },
    { key: "quantity", field: "quantity", numeric: true },
    { key: "professionalFees", field: "professionalFees.value", numeric: true },
    { key: "officialFees", field: "officialFees.value", numeric: true },
    { key: "vat", field: "vat.value", numeric: true },
  ],
};

const GRID: Record<InvoiceLayout, string> = {
  DEFAULT: "sm:grid-cols-[2rem_minmax(0,3fr)_minmax(0,1fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.4fr)_2.25rem]",
  LEGAL: "sm:grid-cols-[2rem_minmax(0,2.4fr)_minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1.3fr)_minmax(0,1.1fr)_minmax(0,1.4fr)_2.25rem]",
};

/**
 * The invoice lines (SPEC §5) for either layout, inside the invoice form: one row of inputs per
 * line with its own messages, the line amount and the live totals from invoice-math.ts in the
 * invoice currency, Add line, and Remove (never the last line: one is always there). Below `sm`
 * each line is a card.
 */
export function LineItemsTable({ layout, currency }: { layout: InvoiceLayout; currency: string }) {
  const { t, i18n } = useTranslation("invoices");
  const { control } = useFormContext<InvoiceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "invoiceInclusions" });
  const lines = (useWatch({ control, name: "invoiceInclusions" }) ?? []) as Inclusion[];
  const totals = invoiceTotal(lines);
  const money = (cents: bigint) => formatInvoiceAmount(cents, currency, i18n.language);
  const columns = LAYOUT_FIELDS[layout];

  return (
    <section aria-labelledby="invoice-lines-caption" className="grid gap-3">
      <h3 id="invoice-lines-caption" className="font-semibold">
        {t("lines.caption")}
      </h3>
      <div aria-hidden="true" className={`hidden gap-2 text-xs font-medium text-muted-foreground sm:grid ${GRID[layout]}`}>
        <span>{t("lines.index")}</span>
        {columns.map((c) => (
          <span key={c.key} className={c.numeric ? "text-right" : undefined}>
            {t(`lines.${c.key}`)}
          </span>
        ))}
        <span className="text-right">{t("lines.amount")}</span>
        <span />
      </div>
      <ol className="grid gap-3 sm:gap-2">
        {fields.map((line, index) => (
          <li key={line.id} data-testid="invoice-line" className={`grid grid-cols-2 items-start gap-2 rounded-lg border p-3 sm:rounded-none sm:border-0 sm:p-0 ${GRID[layout]}`}>
            <span className="col-span-2 pt-2 text-sm font-medium text-muted-foreground sm:col-span-1">{index + 1}</span>
            {columns.map((c) => (
              <FormField
                key={c.key}
                control={control}
                name={`invoiceInclusions.${index}.${c.field}` as FieldPath<InvoiceFormValues>}
                render={({ field }) => (
                  <FormItem className={c.numeric ? "gap-1" : "col-span-2 gap-1 sm:col-span-1"}>
                    <FormLabel className="sm:sr-only">{t("lines.fieldOf", { field: t(`lines.${c.key}`), index: index + 1 })}</FormLabel>
                    <FormControl>
                      <Input
                        {...field}
                        value={String(field.value ?? "")}
                        inputMode={c.numeric ? "decimal" : undefined}
                        autoComplete="off"
                        className={c.numeric ? "text-right" : undefined}
                      />
                    </FormControl>
                    <FormMessage className="text-xs" />
                  </FormItem>
                )}
              />
            ))}
            <output className="col-span-1 pt-2 text-right text-sm tabular-nums" aria-label={t("lines.fieldOf", { field: t("lines.amount"), index: index + 1 })}>
              {money(totals.itemTotals[index]?.totalAmount ?? 0n)}
            </output>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="justify-self-end"
              disabled={fields.length <= 1}
              aria-label={t("lines.remove", { index: index + 1 })}
              onClick={() => remove(index)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => append(emptyLine(layout, currency))}>
          <PlusIcon aria-hidden="true" />
          {t("lines.add")}
        </Button>
        <dl className="grid min-w-56 grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm" aria-live="polite">
          <dt className="text-muted-foreground">{t("lines.subtotal")}</dt>
          <dd className="text-right tabular-nums">{money(totals.totalAmountWithoutTax)}</dd>
          <dt className="text-muted-foreground">{t("lines.tax")}</dt>
          <dd className="text-right tabular-nums">{money(totals.totalTaxAmount)}</dd>
          <dt className="font-semibold">{t("lines.total")}</dt>
          <dd className="text-right font-semibold tabular-nums" data-testid="invoice-total">
            {money(totals.totalAmount)}
          </dd>
        </dl>
      </div>
    </section>
  );
}
