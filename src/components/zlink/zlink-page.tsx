import * as React from "react";
import { useTranslation } from "react-i18next";
import { PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TransactionDetailsDialog } from "@/components/transaction-details/transaction-details-dialog";
import { ReceivingWalletWarning } from "@/components/wallet/no-wallet-warning";
import type { ApiClient } from "@/lib/api-client";
import { zlinkCurrencies, type QuickPayDto, type ZLinkFormValues } from "@/lib/zlink";
import { showToast } from "@/stores/toasts";
import { ZLinkFormDialog } from "./zlink-form-dialog";
import { ZLinkInstructionsDialog } from "./zlink-instructions-dialog";
import { ZLinkTable } from "./zlink-table";
import { productOrderId } from "@/components/products/product-row-actions";
import { ListLoadFailed } from "@/components/products/list-load-failed";
import { useProductList } from "@/components/products/use-product-list";
import { usePayLink } from "@/components/products/use-pay-link";

export interface ZLinkPageProps {
  api: ApiClient;
  /** The signed-in merchant's `_id` (the instructions call names it). */
  userId: string;
  /** Fiat the merchant bills in (default USD); zLinks are priced in it or in USDC. */
  billingCurrency?: string | null;
  /** Example site in the website message, e.g. the page's origin. */
  exampleHost: string;
  /** The page's query: `open-create=true` opens the create dialog, `open-share=true` the first link's instructions. */
  search?: string;
  /** Drops the handled query from the address bar, so a reload does not reopen it. */
  onSearchHandled?: () => void;
  /** After a successful save (the server then marks the merchant onboarded). */
  onSaved?: () => void;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

type FormState = { mode: "create" } | { mode: "update"; id: string; key: string; values: ZLinkFormValues };
type Instructions = { pageLink: string; label: string };

const toValues = (info: QuickPayDto): ZLinkFormValues => ({
  label: info.label,
  desc: info.desc,
  site: info.site ?? "",
  price: info.price,
  currency: info.currency,
});

/** /quick-pays (SPEC §2 zLink): header, 'Create Payment Link', the table and its dialogs. */
export function ZLinkPage({ api, userId, billingCurrency, exampleHost, search = "", onSearchHandled, onSaved, timeZone }: ZLinkPageProps) {
  const { t } = useTranslation("zlink");
  const [form, setForm] = React.useState<FormState | null>(null);
  const [instructions, setInstructions] = React.useState<Instructions | null>(null);
  const [details, setDetails] = React.useState<QuickPayDto | null>(null);
  const queryHandled = React.useRef(false);

  const fetchRows = React.useCallback(async () => (await api.get<{ data: QuickPayDto[] }>("/quick-pays")).data, [api]);
  const { copyLink, withLink } = usePayLink<QuickPayDto>(api, "/quick-pays", userId, t);
  const openInstructions = (row: QuickPayDto) => withLink(row, (pageLink) => setInstructions({ pageLink, label: row.label }));

  /** The query is read once, on the first load: open the first enabled link's instructions, or Create. */
  const handleQuery = (loaded: QuickPayDto[]) => {
    if (queryHandled.current) return;
    const query = new URLSearchParams(search);
    const share = query.get("open-share") === "true";
    const create = query.get("open-create") === "true";
    if (!share && !create) return;
    queryHandled.current = true;
    onSearchHandled?.();
    const first = share ? loaded.find((r) => r.enabled) : undefined;
    if (first) void openInstructions(first);
    else setForm({ mode: "create" });
  };
  const { rows, loadFailed, load } = useProductList(fetchRows, handleQuery);

  const openEdit = async (row: QuickPayDto) => {
    try {
      const { data } = await api.get<{ data: { key: string; info: QuickPayDto } }>(`/quick-pays/update/${encodeURIComponent(row._id)}`);
      setForm({ mode: "update", id: data.info._id, key: data.key, values: toValues(data.info) });
    } catch (err) {
      showToast({ message: err instanceof Error ? err.message : t("toasts.notSaved"), variant: "error" });
    }
  };

  const save = async (values: ZLinkFormValues) => {
    const body = { ...values, userCurrency: billingCurrency || "USD" };
    if (form?.mode === "update") {
      await api.put(`/quick-pays/update/${encodeURIComponent(form.id)}`, { ...body, _key: form.key });
      showToast({ message: t("toasts.updated"), variant: "success" });
    } else {
      await api.post("/quick-pays/create", body);
      showToast({ message: t("toasts.created"), variant: "success" });
    }
    setForm(null);
    onSaved?.();
    await load();
  };

  const disable = async () => {
    if (form?.mode !== "update") return;
    await api.post(`/quick-pays/disable/${encodeURIComponent(form.id)}`, { _item_id: form.id, _key: form.key });
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
        <ZLinkTable
          rows={rows ?? []}
          loading={rows === null}
          timeZone={timeZone}
          onDetails={setDetails}
          onCopyLink={(r) => void copyLink(r)}
          onEdit={(r) => void openEdit(r)}
          onInstructions={(r) => void openInstructions(r)}
        />
      )}
      {/* Under the table: it appears once the wallets load, and above the table it pushed the rows down (CLS on phones). */}
      <ReceivingWalletWarning api={api} forLinks />
      {form ? (
        <ZLinkFormDialog
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
        <ZLinkInstructionsDialog open onOpenChange={(open) => !open && setInstructions(null)} {...instructions} />
      ) : null}
      {details?.paymentInfo ? (
        <TransactionDetailsDialog
          open
          onOpenChange={(open) => !open && setDetails(null)}
          info={details.paymentInfo}
          orderId={productOrderId(details)}
          timeZone={timeZone}
          refundable
          onRefunded={() => void load()}
        />
      ) : null}
    </div>
  );
}
