import * as React from "react";
import { useForm, useWatch } from "react-hook-form";
import { yupResolver } from "@hookform/resolvers/yup";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form-field";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { inCurrency, toLayout } from "@/lib/bills-display";
import type { InvoiceLayout } from "@/lib/invoice";
import { invoiceFormDefaults, invoiceSchema, withAtLeastOneLine, type InvoiceFormValues } from "@/lib/invoice-form";
import { showToast } from "@/stores/toasts";
import { InvoiceHeaderFields, NotesField } from "./invoice-header-fields";
import { LineItemsTable } from "./line-items-table";
import type { ChosenPayee } from "./payee-field";
import { useInvoiceMessages } from "./use-invoice-messages";

export interface InvoiceFormDialogProps {
  api: ApiClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A zInvoice (button label required, Disable) or a v1 invoice. */
  kind: "bill" | "invoice";
  mode: "create" | "update";
  /** The invoice being edited; defaults (today, due in a week, one line) when absent. */
  initial?: InvoiceFormValues;
  /** The payee of `initial`, shown until another is selected. */
  initialPayee?: ChosenPayee | null;
  /** Invoice currencies to offer, first the default. */
  currencies: string[];
  /** For stable stories: the day the defaults start from. */
  today?: Date;
  /** Saves; rejects with the server's ApiRequestError to keep the dialog open. */
  onSubmit: (values: InvoiceFormValues) => Promise<void>;
  /** Update mode of a zInvoice: disables it for good, after 'Please note'. */
  onDisable?: () => Promise<void>;
}

/**
 * Create/Update zInvoice or invoice (SPEC §5), a large dialog: button label, From block, number
 * and dates, payee, currency and layout, the line items with live totals, notes; Create/Update
 * off while invalid or saving; Disable behind 'Please note'.
 */
export function InvoiceFormDialog(props: InvoiceFormDialogProps) {
  const { t } = useTranslation("invoices");
  const [busy, setBusy] = React.useState(false);
  const bill = props.kind === "bill";
  const title = props.mode === "create" ? t(bill ? "form.createTitle" : "form.createInvoiceTitle") : t(bill ? "form.updateTitle" : "form.updateInvoiceTitle");
  return (
    <Dialog open={props.open} onOpenChange={(next) => !busy && props.onOpenChange(next)}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        <InvoiceForm {...props} onBusyChange={setBusy} />
      </DialogContent>
    </Dialog>
  );
}

function InvoiceForm({
  api,
  kind,
  mode,
  initial,
  initialPayee,
  currencies,
  today,
  onSubmit,
  onDisable,
  onBusyChange,
}: InvoiceFormDialogProps & { onBusyChange: (busy: boolean) => void }) {
  const { t } = useTranslation("invoices");
  const messages = useInvoiceMessages();
  const schema = React.useMemo(() => invoiceSchema({ messages, requireLabel: kind === "bill", currencies }), [messages, kind, currencies]);
  const defaults = React.useMemo(() => {
    const start = initial ?? { ...invoiceFormDefaults(today ?? new Date()), currency: currencies[0] ?? "USD" };
    const values = withAtLeastOneLine(start);
    return { ...values, invoiceInclusions: inCurrency(values.invoiceInclusions, values.currency), invoiceFrom: values.invoiceFrom ?? { title: "", subtext: "" } };
  }, [initial, today, currencies]);
  const form = useForm<InvoiceFormValues>({
    // The schema's output is the form's values (text fields, lines by layout).
    resolver: yupResolver(schema) as never,
    mode: "all",
    defaultValues: defaults,
  });
  const [confirmDisable, setConfirmDisable] = React.useState(false);
  const [disabling, setDisabling] = React.useState(false);
  const { isValid, isSubmitting } = form.formState;
  React.useEffect(() => onBusyChange(isSubmitting || disabling), [isSubmitting, disabling, onBusyChange]);
  const [layout, currency] = useWatch({ control: form.control, name: ["layout", "currency"] });

  const changeLayout = (next: InvoiceLayout) => {
    form.setValue("layout", next, { shouldDirty: true });
    form.setValue("invoiceInclusions", toLayout(form.getValues("invoiceInclusions"), next, form.getValues("currency")), { shouldDirty: true });
    void form.trigger("layout");
  };
  const changeCurrency = (next: string) => {
    form.setValue("currency", next, { shouldDirty: true, shouldValidate: true });
    form.setValue("invoiceInclusions", inCurrency(form.getValues("invoiceInclusions"), next), { shouldDirty: true });
  };

  const submit = form.handleSubmit(async (values) => {
    const from = values.invoiceFrom;
    const invoiceFrom = from && (from.title.trim() || from.subtext.trim()) ? from : null;
    try {
      await onSubmit({ ...values, invoiceFrom });
    } catch (err) {
      const issues = err instanceof ApiRequestError && err.status === 400 ? (err.issues ?? []) : [];
      for (const issue of issues) form.setError(issue.path as keyof InvoiceFormValues, { message: issue.message });
      if (issues.length === 0) showToast({ message: t("toasts.notSaved"), variant: "error" });
    }
  });

  const disable = async () => {
    if (!onDisable) return;
    setDisabling(true);
    try {
      await onDisable();
    } catch {
      showToast({ message: t("toasts.notSaved"), variant: "error" });
    } finally {
      setDisabling(false);
    }
  };

  return (
    <Form {...form}>
      <form noValidate className="grid gap-6" onSubmit={(e) => void submit(e)}>
        <InvoiceHeaderFields
          api={api}
          withLabel={kind === "bill"}
          initialPayee={initialPayee}
          currencies={currencies}
          onLayoutChange={changeLayout}
          onCurrencyChange={changeCurrency}
        />
        <LineItemsTable key={layout} layout={layout} currency={currency} />
        <NotesField />
        <DialogFooter className="sm:justify-between">
          {mode === "update" && onDisable ? (
            <Button type="button" variant="outline" className="text-destructive" disabled={isSubmitting || disabling} onClick={() => setConfirmDisable(true)}>
              {t("form.disable")}
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
          <Button type="submit" disabled={!isValid || isSubmitting || disabling}>
            {isSubmitting ? t("form.saving") : mode === "create" ? t("form.create") : t("form.update")}
          </Button>
        </DialogFooter>
      </form>
      <ConfirmDialog
        open={confirmDisable}
        onOpenChange={setConfirmDisable}
        title={t("disable.title")}
        message={t("disable.message")}
        confirmLabel={t("disable.confirm")}
        destructive
        onConfirm={() => void disable()}
      />
    </Form>
  );
}
