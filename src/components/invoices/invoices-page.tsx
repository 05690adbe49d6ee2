import * as React from "react";
import { useTranslation } from "react-i18next";
import { PlusIcon } from "lucide-react";
import { InvoiceFormDialog } from "@/components/invoice-form/invoice-form-dialog";
import { copyPayLink } from "@/components/products/copy-pay-link";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ApiClient } from "@/lib/api-client";
import { invoiceCurrencies, invoiceToFormValues, merchantInvoiceViewPath } from "@/lib/bills-display";
import type { InvoiceDto } from "@/lib/invoice";
import type { InvoiceFormValues } from "@/lib/invoice-form";
import { showToast } from "@/stores/toasts";
import { InvoiceDetailsDialog } from "./invoice-details-dialog";
import { InvoicesTable } from "./invoices-table";
import { ListLoadFailed } from "@/components/products/list-load-failed";
import { useProductList } from "@/components/products/use-product-list";

/** The v1 invoice routes (SPEC /api/v1/invoices). */
export const INVOICES_PATH = "/v1/invoices";

export interface InvoicesPageProps {
  api: ApiClient;
  billingCurrency?: string | null;
  /** For stable stories: the day the form's dates start from. */
  today?: Date;
  /** Opens the PDF (default: a new tab). */
  openUrl?: (url: string) => void;
  /** Opens the merchant's invoice view (default: goes there). */
  openInvoice?: (path: string) => void;
}

type FormState = { mode: "create" } | { mode: "update"; invoice: InvoiceDto };

const openInNewTab = (url: string) => void window.open(url, "_blank", "noopener");
const goTo = (path: string) => window.location.assign(path);

/** /invoices (the v1 invoices list): 'Create Invoice', the table, the invoice dialog and Cancel. */
export function InvoicesPage({ api, billingCurrency, today, openUrl = openInNewTab, openInvoice = goTo }: InvoicesPageProps) {
  const { t } = useTranslation("invoices");
  const [form, setForm] = React.useState<FormState | null>(null);
  const [details, setDetails] = React.useState<InvoiceDto | null>(null);
  const [cancelling, setCancelling] = React.useState<InvoiceDto | null>(null);

  const fetchRows = React.useCallback(async () => (await api.get<{ data: InvoiceDto[] }>(INVOICES_PATH)).data, [api]);
  const { rows, loadFailed, load } = useProductList(fetchRows);

  const save = async (values: InvoiceFormValues) => {
    if (form?.mode === "update") {
      await api.put(`${INVOICES_PATH}/${encodeURIComponent(form.invoice._id)}`, values);
      showToast({ message: t("toasts.updated"), variant: "success" });
    } else {
      await api.post(INVOICES_PATH, values);
      showToast({ message: t("toasts.created"), variant: "success" });
    }
    setForm(null);
    await load();
  };

  const cancel = async (invoice: InvoiceDto) => {
    try {
      // The server cancels an invoice whose payment was started and deletes one that never was.
      await api.delete(`${INVOICES_PATH}/${encodeURIComponent(invoice._id)}`);
      showToast({ message: t("toasts.cancelled"), variant: "success" });
    } catch {
      showToast({ message: t("toasts.notSaved"), variant: "error" });
    }
    await load();
  };

  const editing = form?.mode === "update" ? form.invoice : null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t("list.title")}</h1>
          <p className="text-muted-foreground">{t("list.intro")}</p>
        </div>
        <Button onClick={() => setForm({ mode: "create" })}>
          <PlusIcon aria-hidden="true" />
          {t("list.create")}
        </Button>
      </div>
      {loadFailed ? (
        <ListLoadFailed message={t("list.loadFailed")} retryLabel={t("retry")} onRetry={() => void load()} />
      ) : (
        <InvoicesTable
          rows={rows ?? []}
          loading={rows === null}
          onView={(r) => openInvoice(merchantInvoiceViewPath("invoice", r._id))}
          onDetails={setDetails}
          onCopyLink={(r) => void copyPayLink(r.payUrl, t)}
          onDownload={(r) => openUrl(r.pdfUrl)}
          onEdit={(r) => setForm({ mode: "update", invoice: r })}
          onCancel={setCancelling}
        />
      )}
      {form ? (
        <InvoiceFormDialog
          key={editing?._id ?? "create"}
          api={api}
          open
          onOpenChange={(open) => !open && setForm(null)}
          kind="invoice"
          mode={form.mode}
          initial={editing ? invoiceToFormValues(editing) : undefined}
          initialPayee={editing?.billTo}
          currencies={invoiceCurrencies(billingCurrency, editing?.currency)}
          today={today}
          onSubmit={save}
        />
      ) : null}
      {details ? <InvoiceDetailsDialog open onOpenChange={(open) => !open && setDetails(null)} invoice={details} /> : null}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t("cancelInvoice.title")}
        message={t("cancelInvoice.message")}
        confirmLabel={t("cancelInvoice.confirm")}
        destructive
        onConfirm={() => cancelling && void cancel(cancelling)}
      />
    </div>
  );
}
