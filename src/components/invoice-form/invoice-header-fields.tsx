import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { CurrencySelect } from "@/components/products/currency-select";
import type { ApiClient } from "@/lib/api-client";
import { INVOICE_LAYOUTS, type InvoiceLayout } from "@/lib/invoice";
import type { InvoiceFormValues } from "@/lib/invoice-form";
import { PayeeField, type ChosenPayee } from "./payee-field";

export interface InvoiceHeaderFieldsProps {
  api: ApiClient;
  /** zInvoice: the pay button's label (required, defaults to Pay Now). */
  withLabel: boolean;
  initialPayee?: ChosenPayee | null;
  currencies: string[];
  onLayoutChange: (layout: InvoiceLayout) => void;
  onCurrencyChange: (currency: string) => void;
}

type TextName = "label" | "invoiceNumber" | "issuedOn" | "paymentDueOn" | "invoiceFrom.title" | "invoiceFrom.subtext";

/** Everything above the lines: label, From block, number and dates, payee, currency and layout. */
export function InvoiceHeaderFields({ api, withLabel, initialPayee, currencies, onLayoutChange, onCurrencyChange }: InvoiceHeaderFieldsProps) {
  const { t } = useTranslation("invoices");
  const { control } = useFormContext<InvoiceFormValues>();
  const text = (name: TextName, label: string, hint?: string, type = "text") => (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type={type} autoComplete="off" {...field} value={String(field.value ?? "")} />
          </FormControl>
          {hint ? <FormDescription>{hint}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="grid content-start gap-4">
        {withLabel ? text("label", t("form.label"), t("form.labelHint")) : null}
        <fieldset className="grid gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-medium">{t("form.from")}</legend>
          {text("invoiceFrom.title", t("form.fromTitle"))}
          {text("invoiceFrom.subtext", t("form.fromSubtext"), t("form.fromHint"))}
        </fieldset>
        <PayeeField api={api} initial={initialPayee} />
      </div>
      <div className="grid content-start gap-4">
        {text("invoiceNumber", t("form.invoiceNumber"), t("form.invoiceNumberHint"))}
        <div className="grid grid-cols-2 gap-3">
          {text("issuedOn", t("form.issuedOn"), undefined, "date")}
          {text("paymentDueOn", t("form.paymentDueOn"), undefined, "date")}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <FormField
            control={control}
            name="currency"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.currency")}</FormLabel>
                <CurrencySelect className="w-full" value={field.value} onValueChange={onCurrencyChange} onBlur={field.onBlur} currencies={currencies} />
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name="layout"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("form.layout")}</FormLabel>
                <Select value={field.value} onValueChange={(v) => onLayoutChange(v as InvoiceLayout)}>
                  <FormControl>
                    <SelectTrigger className="w-full" onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {INVOICE_LAYOUTS.map((l) => (
                      <SelectItem key={l} value={l}>
                        {t(`form.layouts.${l}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
      </div>
    </div>
  );
}

/** The invoice's notes, under the lines. */
export function NotesField() {
  const { t } = useTranslation("invoices");
  const { control } = useFormContext<InvoiceFormValues>();
  return (
    <FormField
      control={control}
      name="notes"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("form.notes")}</FormLabel>
          <FormControl>
            <Textarea rows={3} {...field} />
          </FormControl>
          <FormDescription>{t("form.notesHint")}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
