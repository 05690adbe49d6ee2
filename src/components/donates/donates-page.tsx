import * as React from "react";
import { useTranslation } from "react-i18next";
import { PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PayLinkInstructionsDialog } from "@/components/share/pay-link-instructions-dialog";
import { ReceivingWalletWarning } from "@/components/wallet/no-wallet-warning";
import type { ApiClient } from "@/lib/api-client";
import type { DonateDto, DonateFormValues } from "@/lib/donate";
import { zlinkCurrencies } from "@/lib/zlink";
import { showToast } from "@/stores/toasts";
import { DonateFormDialog } from "./donate-form-dialog";
import { DonatesTable } from "./donates-table";
import { DonationsDialog } from "./donations-dialog";
import { ListLoadFailed } from "@/components/products/list-load-failed";
import { useProductList } from "@/components/products/use-product-list";
import { usePayLink } from "@/components/products/use-pay-link";

export interface DonatesPageProps {
  api: ApiClient;
  /** The signed-in merchant's `_id` (the instructions call names it). */
  userId: string;
  /** Fiat the merchant bills in (default USD); pages are in it or in USDC. */
  billingCurrency?: string | null;
  /** Example site in the website message, e.g. the page's origin. */
  exampleHost: string;
  /** After a successful save (the server then marks the merchant onboarded). */
  onSaved?: () => void;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

type FormState = { mode: "create" } | { mode: "update"; id: string; key: string; values: DonateFormValues };

const toValues = (info: DonateDto): DonateFormValues => ({
  label: info.label,
  desc: info.desc,
  site: info.site ?? "",
  currency: info.currency,
  suggestedAmounts: [...info.suggestedAmounts],
});

/** /donates: header, 'Create Donation Page', the table and its dialogs (form, instructions, donations). */
export function DonatesPage({ api, userId, billingCurrency, exampleHost, onSaved, timeZone }: DonatesPageProps) {
  const { t } = useTranslation("donates");
  const [form, setForm] = React.useState<FormState | null>(null);
  const [instructions, setInstructions] = React.useState<{ pageLink: string; label: string } | null>(null);
  const [donations, setDonations] = React.useState<DonateDto | null>(null);

  const fetchRows = React.useCallback(async () => (await api.get<{ data: DonateDto[] }>("/donates")).data, [api]);
  const { rows, loadFailed, load } = useProductList(fetchRows);

  const { copyLink, withLink } = usePayLink<DonateDto>(api, "/donates", userId, t);
  const openInstructions = (row: DonateDto) => withLink(row, (pageLink) => setInstructions({ pageLink, label: row.label }));


  const openEdit = async (row: DonateDto) => {
    try {
      const { data } = await api.get<{ data: { key: string; info: DonateDto } }>(`/donates/update/${encodeURIComponent(row._id)}`);
      setForm({ mode: "update", id: data.info._id, key: data.key, values: toValues(data.info) });
    } catch (err) {
      showToast({ message: err instanceof Error ? err.message : t("toasts.notSaved"), variant: "error" });
    }
  };

  const save = async (values: DonateFormValues) => {
    if (form?.mode === "update") {
      await api.put(`/donates/update/${encodeURIComponent(form.id)}`, { ...values, _key: form.key });
      showToast({ message: t("toasts.updated"), variant: "success" });
    } else {
      await api.post("/donates/create", values);
      showToast({ message: t("toasts.created"), variant: "success" });
    }
    setForm(null);
    onSaved?.();
    await load();
  };

  const disable = async () => {
    if (form?.mode !== "update") return;
    await api.post(`/donates/disable/${encodeURIComponent(form.id)}`, { _item_id: form.id, _key: form.key });
    showToast({ message: t("toasts.disabled"), variant: "success" });
    setForm(null);
    await load();
  };

  const currencies = zlinkCurrencies(billingCurrency);
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
        <DonatesTable
          rows={rows ?? []}
          loading={rows === null}
          timeZone={timeZone}
          onDonations={setDonations}
          onCopyLink={(r) => void copyLink(r)}
          onEdit={(r) => void openEdit(r)}
          onInstructions={(r) => void openInstructions(r)}
        />
      )}
      <ReceivingWalletWarning api={api} forLinks />
      {form ? (
        <DonateFormDialog
          key={form.mode === "update" ? `${form.id}-${form.key}` : "create"}
          open
          onOpenChange={(open) => !open && setForm(null)}
          mode={form.mode}
          initial={form.mode === "update" ? form.values : undefined}
          currencies={currencies}
          exampleHost={exampleHost}
          onSubmit={save}
          onDisable={form.mode === "update" ? disable : undefined}
        />
      ) : null}
      {instructions ? (
        <PayLinkInstructionsDialog namespace="donates" open onOpenChange={(open) => !open && setInstructions(null)} {...instructions} />
      ) : null}
      {donations ? <DonationsDialog open onOpenChange={(open) => !open && setDonations(null)} api={api} donate={donations} timeZone={timeZone} /> : null}
    </div>
  );
}
