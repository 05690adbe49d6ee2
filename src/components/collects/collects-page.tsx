import * as React from "react";
import { useTranslation } from "react-i18next";
import { PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TransactionDetailsDialog } from "@/components/transaction-details/transaction-details-dialog";
import { ReceivingWalletWarning } from "@/components/wallet/no-wallet-warning";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { collectCurrencies, type CollectDto, type CollectFormValues } from "@/lib/collect";
import type { CollectMailOutcome } from "@/lib/collect-mail";
import { showToast } from "@/stores/toasts";
import { CollectFormDialog } from "./collect-form-dialog";
import { CollectInstructionsDialog } from "./collect-instructions-dialog";
import { CollectsTable } from "./collects-table";
import { productOrderId } from "@/components/products/product-row-actions";
import { ListLoadFailed } from "@/components/products/list-load-failed";
import { useProductList } from "@/components/products/use-product-list";
import { usePayLink } from "@/components/products/use-pay-link";

export interface CollectsPageProps {
  api: ApiClient;
  /** The signed-in merchant's `_id` (the instructions call names it). */
  userId: string;
  /** Fiat the merchant bills in (default USD); zRequests are priced in it or in USDC. */
  billingCurrency?: string | null;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

type FormState = { mode: "create" } | { mode: "update"; id: string; key: string; values: CollectFormValues };

const toValues = (info: CollectDto): CollectFormValues => ({ name: info.name, email: info.email, desc: info.desc, price: info.price, currency: info.currency, site: info.site ?? "" });

/** /collects (SPEC §2 zRequest): header, 'Create Pay Request', the table and its dialogs. */
export function CollectsPage({ api, userId, billingCurrency, timeZone }: CollectsPageProps) {
  const { t } = useTranslation("collects");
  const [form, setForm] = React.useState<FormState | null>(null);
  const [instructions, setInstructions] = React.useState<{ row: CollectDto; pageLink: string } | null>(null);
  const [details, setDetails] = React.useState<CollectDto | null>(null);

  const fetchRows = React.useCallback(async () => (await api.get<{ data: CollectDto[] }>("/collects")).data, [api]);
  const { rows, loadFailed, load } = useProductList(fetchRows);

  const { copyLink, withLink } = usePayLink<CollectDto>(api, "/collects", userId, t);
  const openInstructions = (row: CollectDto) => withLink(row, (pageLink) => setInstructions({ row, pageLink }));


  const remind = async (row: CollectDto) => {
    try {
      const { data } = await api.post<{ data: { mail?: CollectMailOutcome } }>("/trigger-email", { _item_id: row._id });
      // Queued, but the mail server is off or failing: "sent" would not be true yet.
      if (data.mail?.status === "not_sent") showToast({ message: t(`mailResult.reasons.${data.mail.reason}`, { email: row.email, wait: "" }), variant: "error" });
      else showToast({ message: t("toasts.reminded", { email: row.email }), variant: "success" });
    } catch (err) {
      const shownAsIs = err instanceof ApiRequestError && err.status >= 400 && err.status < 500;
      showToast({ message: shownAsIs ? err.message : t("toasts.notReminded"), variant: "error" });
    }
  };

  const openEdit = async (row: CollectDto) => {
    try {
      const { data } = await api.get<{ data: { key: string; info: CollectDto } }>(`/collects/update/${encodeURIComponent(row._id)}`);
      setForm({ mode: "update", id: data.info._id, key: data.key, values: toValues(data.info) });
    } catch (err) {
      showToast({ message: err instanceof Error ? err.message : t("toasts.notSaved"), variant: "error" });
    }
  };

  const save = async (values: CollectFormValues): Promise<CollectMailOutcome | void> => {
    const body = { name: values.name, email: values.email, desc: values.desc, price: values.price, currency: values.currency, userCurrency: billingCurrency || "USD" };
    if (form?.mode === "update") {
      const { data } = await api.post<{ data: { mail: CollectMailOutcome } }>(`/collects/update/${encodeURIComponent(form.id)}`, { ...body, _key: form.key });
      await load();
      // The payer's e-mail changed: the dialog shows whether it went out (and why not) until closed.
      if (data.mail && data.mail.status !== "unchanged") return data.mail;
      showToast({ message: t("toasts.updated"), variant: "success" });
    } else {
      await api.post("/collects/create", body);
      showToast({ message: t("toasts.created"), variant: "success" });
    }
    setForm(null);
    await load();
  };

  const disable = async () => {
    if (form?.mode !== "update") return;
    await api.post(`/collects/disable/${encodeURIComponent(form.id)}`, { _item_id: form.id, _key: form.key });
    showToast({ message: t("toasts.disabled"), variant: "success" });
    setForm(null);
    await load();
  };

  const currencies = collectCurrencies(billingCurrency);
  if (form?.mode === "update" && !currencies.includes(form.values.currency)) currencies.push(form.values.currency);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
          <p className="text-muted-foreground">{t("intro")}</p>
        </div>
        <Button onClick={() => setForm({ mode: "create" })}>
          <PlusIcon aria-hidden="true" />
          {t("create")}
        </Button>
      </div>
      {loadFailed ? (
        <ListLoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void load()} />
      ) : (
        <CollectsTable
          rows={rows ?? []}
          loading={rows === null}
          timeZone={timeZone}
          onDetails={setDetails}
          onCopyLink={(r) => void copyLink(r)}
          onEdit={(r) => void openEdit(r)}
          onInstructions={(r) => void openInstructions(r)}
          onRemind={(r) => void remind(r)}
        />
      )}
      <ReceivingWalletWarning api={api} forLinks />
      {form ? (
        <CollectFormDialog
          key={form.mode === "update" ? `${form.id}-${form.key}` : "create"}
          open
          onOpenChange={(open) => !open && setForm(null)}
          mode={form.mode}
          initial={form.mode === "update" ? form.values : undefined}
          currencies={currencies}
          onSubmit={save}
          onDisable={form.mode === "update" ? disable : undefined}
        />
      ) : null}
      {instructions ? (
        <CollectInstructionsDialog
          open
          onOpenChange={(open) => !open && setInstructions(null)}
          pageLink={instructions.pageLink}
          name={instructions.row.name}
          email={instructions.row.email}
          onRemind={() => remind(instructions.row)}
        />
      ) : null}
      {details?.paymentInfo ? (
        <TransactionDetailsDialog
          open
          onOpenChange={(open) => !open && setDetails(null)}
          info={details.paymentInfo}
          orderId={productOrderId(details)}
          timeZone={timeZone}
        />
      ) : null}
    </div>
  );
}
