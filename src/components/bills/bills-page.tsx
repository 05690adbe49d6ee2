import * as React from "react";
import { useTranslation } from "react-i18next";
import { PlusIcon } from "lucide-react";
import { InvoiceFormDialog } from "@/components/invoice-form/invoice-form-dialog";
import { InvoiceDetailsDialog } from "@/components/invoices/invoice-details-dialog";
import { Button } from "@/components/ui/button";
import { ReceivingWalletWarning } from "@/components/wallet/no-wallet-warning";
import type { ApiClient } from "@/lib/api-client";
import { invoiceCurrencies, invoiceToFormValues, merchantInvoiceViewPath } from "@/lib/bills-display";
import type { BillDto, InvoiceDto } from "@/lib/invoice";
import type { InvoiceFormValues } from "@/lib/invoice-form";
import { showToast } from "@/stores/toasts";
import { BillInstructionsDialog } from "./bill-instructions-dialog";
import { BillsTable } from "./bills-table";
import { ListLoadFailed } from "@/components/products/list-load-failed";
import { useProductList } from "@/components/products/use-product-list";
import { usePayLink } from "@/components/products/use-pay-link";

/** The zInvoice routes (SPEC /api/bills). */
export const BILLS_PATH = "/bills";

export interface BillsPageProps {
  api: ApiClient;
  /** The signed-in merchant's `_id` (the instructions call names it). */
  userId: string;
  /** The merchant's billing currency: the dialog's first invoice currency. */
  billingCurrency?: string | null;
  /** For stable stories: the day the form's dates start from. */
  today?: Date;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
  /** Opens the merchant's invoice view (default: goes there). */
  openInvoice?: (path: string) => void;
}

type FormState = { mode: "create" } | { mode: "update"; bill: BillDto; key: string };

/** What `POST /bills/create` and `PUT /bills/update/{id}` carry: the label, the currency, the invoice as JSON text in `desc`. */
export function billBody(values: InvoiceFormValues) {
  const { label, currency, ...invoice } = values;
  return { label, currency, desc: JSON.stringify({ ...invoice, currency }) };
}

const goTo = (path: string) => window.location.assign(path);

/** /bills (SPEC zInvoice): 'Create Pay Invoice', the table, and its dialogs. */
export function BillsPage({ api, userId, billingCurrency, today, timeZone, openInvoice = goTo }: BillsPageProps) {
  const { t } = useTranslation("invoices");
  const [form, setForm] = React.useState<FormState | null>(null);
  const [instructions, setInstructions] = React.useState<{ bill: BillDto; pageLink: string } | null>(null);
  const [details, setDetails] = React.useState<InvoiceDto | null>(null);

  const fetchRows = React.useCallback(async () => (await api.get<{ data: BillDto[] }>(BILLS_PATH)).data, [api]);
  const { rows, loadFailed, load } = useProductList(fetchRows);

  const { copyLink, withLink } = usePayLink<BillDto>(api, BILLS_PATH, userId, t);
  const openInstructions = (row: BillDto) => withLink(row, (pageLink) => setInstructions({ bill: row, pageLink }));

  /** Edit reads the bill first: the form gets the server's copy and the edit key. */
  const openEdit = async (row: BillDto) => {
    try {
      const { data } = await api.get<{ data: { key: string; info: BillDto } }>(`${BILLS_PATH}/update/${encodeURIComponent(row._id)}`);
      setForm({ mode: "update", bill: data.info, key: data.key });
    } catch (err) {
      showToast({ message: err instanceof Error ? err.message : t("toasts.notSaved"), variant: "error" });
    }
  };

  const save = async (values: InvoiceFormValues) => {
    if (form?.mode === "update") {
      await api.put(`${BILLS_PATH}/update/${encodeURIComponent(form.bill._id)}`, { ...billBody(values), _item_id: form.bill._id, _key: form.key });
      showToast({ message: t("toasts.updated"), variant: "success" });
    } else {
      await api.post(`${BILLS_PATH}/create`, billBody(values));
      showToast({ message: t("toasts.created"), variant: "success" });
    }
    setForm(null);
    await load();
  };

  const disable = async () => {
    if (form?.mode !== "update") return;
    await api.post(`${BILLS_PATH}/disable/${encodeURIComponent(form.bill._id)}`, { _item_id: form.bill._id, _key: form.key });
    showToast({ message: t("toasts.disabled"), variant: "success" });
    setForm(null);
    await load();
  };

  const editing = form?.mode === "update" ? form.bill : null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t("bills.title")}</h1>
          <p className="text-muted-foreground">{t("bills.intro")}</p>
        </div>
        <Button onClick={() => setForm({ mode: "create" })}>
          <PlusIcon aria-hidden="true" />
          {t("bills.create")}
        </Button>
      </div>
      {loadFailed ? (
        <ListLoadFailed message={t("bills.loadFailed")} retryLabel={t("retry")} onRetry={() => void load()} />
      ) : (
        <BillsTable
          rows={rows ?? []}
          loading={rows === null}
          timeZone={timeZone}
          onCopyLink={(r) => void copyLink(r)}
          onEdit={(r) => void openEdit(r)}
          onInstructions={(r) => void openInstructions(r)}
          onView={(r) => openInvoice(merchantInvoiceViewPath("bill", r._id))}
          onDetails={(r) => setDetails(r.invoice)}
        />
      )}
      {/* Under the table, as on zLink: it appears once the wallets load, and must not push the rows down. */}
      <ReceivingWalletWarning api={api} forLinks />
      {form ? (
        <InvoiceFormDialog
          key={form.mode === "update" ? `${form.bill._id}-${form.key}` : "create"}
          api={api}
          open
          onOpenChange={(open) => !open && setForm(null)}
          kind="bill"
          mode={form.mode}
          initial={editing ? invoiceToFormValues({ ...editing.invoice, label: editing.label }) : undefined}
          initialPayee={editing?.invoice.billTo}
          currencies={invoiceCurrencies(billingCurrency, editing?.currency)}
          today={today}
          onSubmit={save}
          onDisable={editing ? disable : undefined}
        />
      ) : null}
      {instructions ? (
        <BillInstructionsDialog open onOpenChange={(open) => !open && setInstructions(null)} pageLink={instructions.pageLink} label={instructions.bill.label} />
      ) : null}
      {details ? <InvoiceDetailsDialog open onOpenChange={(open) => !open && setDetails(null)} invoice={details} /> : null}
    </div>
  );
}
