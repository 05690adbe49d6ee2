import * as React from "react";
import { useTranslation } from "react-i18next";
import { PlusIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PayLinkInstructionsDialog } from "@/components/share/pay-link-instructions-dialog";
import { TransactionDetailsDialog } from "@/components/transaction-details/transaction-details-dialog";
import { ReceivingWalletWarning } from "@/components/wallet/no-wallet-warning";
import type { ApiClient } from "@/lib/api-client";
import type { CatalogItemDto, CatalogItemFormValues, CheckoutDto, CheckoutFormValues } from "@/lib/cart";
import { zlinkCurrencies } from "@/lib/zlink";
import { showToast } from "@/stores/toasts";
import { CatalogItemDialog } from "./catalog-item-dialog";
import { CatalogTable } from "./catalog-table";
import { CheckoutDialog } from "./checkout-dialog";
import { CheckoutsTable } from "./checkouts-table";
import { productOrderId } from "@/components/products/product-row-actions";
import type { UploadedImage } from "./item-image-field";
import { ListLoadFailed } from "@/components/products/list-load-failed";
import { usePayLink } from "@/components/products/use-pay-link";

export interface CheckoutsPageProps {
  api: ApiClient;
  userId: string;
  billingCurrency?: string | null;
  /** Sends an item image (`POST /api/uploads`, raw bytes). */
  uploadImage: (file: File) => Promise<UploadedImage>;
  onSaved?: () => void;
  timeZone?: string;
}

type ItemForm = { mode: "create" } | { mode: "update"; id: string; key: string; values: CatalogItemFormValues & { imageUrl: string | null } };
type CheckoutForm = { mode: "create" } | { mode: "update"; id: string; key: string; values: CheckoutFormValues };

/** /checkouts (zCart): the catalogue and the hosted checkouts, with their dialogs. */
export function CheckoutsPage({ api, userId, billingCurrency, uploadImage, onSaved, timeZone }: CheckoutsPageProps) {
  const { t } = useTranslation("checkouts");
  const [items, setItems] = React.useState<CatalogItemDto[] | null>(null);
  const [checkouts, setCheckouts] = React.useState<CheckoutDto[] | null>(null);
  const [loadFailed, setLoadFailed] = React.useState(false);
  const [itemForm, setItemForm] = React.useState<ItemForm | null>(null);
  const [disabling, setDisabling] = React.useState<CatalogItemDto | null>(null);
  const [checkoutForm, setCheckoutForm] = React.useState<CheckoutForm | null>(null);
  const [instructions, setInstructions] = React.useState<{ pageLink: string; label: string } | null>(null);
  const [details, setDetails] = React.useState<CheckoutDto | null>(null);

  const fetchAll = React.useCallback(
    async () => Promise.all([api.get<{ data: CatalogItemDto[] }>("/catalog"), api.get<{ data: CheckoutDto[] }>("/products")]),
    [api],
  );
  const show = ([catalog, products]: Awaited<ReturnType<typeof fetchAll>>) => {
    setItems(catalog.data);
    setCheckouts(products.data);
  };
  /** Reloads both lists (after a save, or Try again); a failure shows the retry line. */
  const load = async () => {
    setLoadFailed(false);
    try {
      show(await fetchAll());
    } catch {
      setLoadFailed(true);
    }
  };
  React.useEffect(() => {
    let live = true;
    fetchAll().then(
      ([catalog, products]) => {
        if (!live) return;
        setItems(catalog.data);
        setCheckouts(products.data);
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [fetchAll]);

  const failed = (err: unknown) => showToast({ message: err instanceof Error ? err.message : t("toasts.notSaved"), variant: "error" });

  const { copyLink, withLink } = usePayLink<CheckoutDto>(api, "/products", userId, t);
  const openInstructions = (row: CheckoutDto) => withLink(row, (pageLink) => setInstructions({ pageLink, label: row.label }));

  const editItem = async (row: CatalogItemDto) => {
    try {
      const { data } = await api.get<{ data: { key: string; info: CatalogItemDto } }>(`/catalog/update/${encodeURIComponent(row._id)}`);
      const i = data.info;
      setItemForm({ mode: "update", id: i._id, key: data.key, values: { name: i.name, description: i.description, price: i.price, currency: i.currency, imageId: i.imageId ?? "", imageUrl: i.imageUrl } });
    } catch (err) {
      failed(err);
    }
  };
  const saveItem = async (values: CatalogItemFormValues) => {
    const body = { ...values, imageId: values.imageId || null };
    if (itemForm?.mode === "update") {
      await api.put(`/catalog/update/${encodeURIComponent(itemForm.id)}`, { ...body, _key: itemForm.key });
      showToast({ message: t("toasts.itemUpdated"), variant: "success" });
    } else {
      await api.post("/catalog/create", body);
      showToast({ message: t("toasts.itemCreated"), variant: "success" });
    }
    setItemForm(null);
    await load();
  };
  const disableItem = async (row: CatalogItemDto) => {
    try {
      const { data } = await api.get<{ data: { key: string } }>(`/catalog/update/${encodeURIComponent(row._id)}`);
      await api.post(`/catalog/disable/${encodeURIComponent(row._id)}`, { _item_id: row._id, _key: data.key });
      showToast({ message: t("toasts.disabled"), variant: "success" });
      await load();
    } catch (err) {
      failed(err);
    }
  };

  const editCheckout = async (row: CheckoutDto) => {
    try {
      const { data } = await api.get<{ data: { key: string; info: CheckoutDto } }>(`/products/update/${encodeURIComponent(row._id)}`);
      const c = data.info;
      setCheckoutForm({
        mode: "update",
        id: c._id,
        key: data.key,
        values: { label: c.label, description: c.desc, lines: c.lines.filter((l) => l.enabled).map((l) => ({ itemId: l.itemId, quantity: l.quantity })), quantitiesEditable: c.quantitiesEditable },
      });
    } catch (err) {
      failed(err);
    }
  };
  const saveCheckout = async (values: CheckoutFormValues) => {
    const body = { label: values.label, desc: values.description, lines: values.lines, quantitiesEditable: values.quantitiesEditable };
    if (checkoutForm?.mode === "update") {
      await api.put(`/products/update/${encodeURIComponent(checkoutForm.id)}`, { ...body, _key: checkoutForm.key });
      showToast({ message: t("toasts.updated"), variant: "success" });
    } else {
      await api.post("/products/create", body);
      showToast({ message: t("toasts.created"), variant: "success" });
    }
    setCheckoutForm(null);
    onSaved?.();
    await load();
  };
  const disableCheckout = async () => {
    if (checkoutForm?.mode !== "update") return;
    await api.post(`/products/disable/${encodeURIComponent(checkoutForm.id)}`, { _item_id: checkoutForm.id, _key: checkoutForm.key });
    showToast({ message: t("toasts.disabled"), variant: "success" });
    setCheckoutForm(null);
    await load();
  };

  const enabledItems = (items ?? []).filter((i) => i.enabled);
  const currencies = zlinkCurrencies(billingCurrency);
  if (itemForm?.mode === "update" && !currencies.includes(itemForm.values.currency)) currencies.push(itemForm.values.currency);
  const loading = items === null && !loadFailed;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      {loadFailed ? (
        <ListLoadFailed message={t("loadFailed")} retryLabel={t("retry")} onRetry={() => void load()} />
      ) : (
        <>
          <section aria-labelledby="zcart-catalog" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="zcart-catalog" className="text-lg font-semibold">
                {t("catalog.heading")}
              </h2>
              <Button variant="outline" onClick={() => setItemForm({ mode: "create" })}>
                <PlusIcon aria-hidden="true" />
                {t("catalog.create")}
              </Button>
            </div>
            <CatalogTable rows={items ?? []} loading={loading} onEdit={(r) => void editItem(r)} onDisable={setDisabling} />
          </section>
          <section aria-labelledby="zcart-checkouts" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="zcart-checkouts" className="text-lg font-semibold">
                {t("checkouts.heading")}
              </h2>
              <div className="flex flex-wrap items-center gap-3">
                {!loading && enabledItems.length === 0 ? (
                  <span id="zcart-needs-items" className="text-sm text-muted-foreground">
                    {t("checkouts.needsItems")}
                  </span>
                ) : null}
                <Button disabled={loading || enabledItems.length === 0} aria-describedby={enabledItems.length === 0 ? "zcart-needs-items" : undefined} onClick={() => setCheckoutForm({ mode: "create" })}>
                  <PlusIcon aria-hidden="true" />
                  {t("checkouts.create")}
                </Button>
              </div>
            </div>
            <CheckoutsTable
              rows={checkouts ?? []}
              loading={loading}
              timeZone={timeZone}
              onDetails={setDetails}
              onCopyLink={(r) => void copyLink(r)}
              onEdit={(r) => void editCheckout(r)}
              onInstructions={(r) => void openInstructions(r)}
            />
          </section>
        </>
      )}
      <ReceivingWalletWarning api={api} forLinks />
      {itemForm ? (
        <CatalogItemDialog
          key={itemForm.mode === "update" ? `${itemForm.id}-${itemForm.key}` : "create"}
          open
          onOpenChange={(open) => !open && setItemForm(null)}
          mode={itemForm.mode}
          initial={itemForm.mode === "update" ? itemForm.values : undefined}
          currencies={currencies}
          onSubmit={saveItem}
          onUpload={uploadImage}
        />
      ) : null}
      <ConfirmDialog
        open={disabling !== null}
        onOpenChange={(open) => !open && setDisabling(null)}
        title={t("disableItem.title")}
        message={t("disableItem.message")}
        confirmLabel={t("disableItem.confirm")}
        destructive
        onConfirm={() => {
          if (disabling) void disableItem(disabling);
          setDisabling(null);
        }}
      />
      {checkoutForm ? (
        <CheckoutDialog
          key={checkoutForm.mode === "update" ? `${checkoutForm.id}-${checkoutForm.key}` : "create"}
          open
          onOpenChange={(open) => !open && setCheckoutForm(null)}
          mode={checkoutForm.mode}
          initial={checkoutForm.mode === "update" ? checkoutForm.values : undefined}
          items={enabledItems}
          onSubmit={saveCheckout}
          onDisable={checkoutForm.mode === "update" ? disableCheckout : undefined}
        />
      ) : null}
      {instructions ? (
        <PayLinkInstructionsDialog namespace="zlink" open onOpenChange={(open) => !open && setInstructions(null)} title={t("instructions.title")} {...instructions} />
      ) : null}
      {details?.paymentInfo ? (
        <TransactionDetailsDialog open onOpenChange={(open) => !open && setDetails(null)} info={details.paymentInfo} orderId={productOrderId(details)} timeZone={timeZone} />
      ) : null}
    </div>
  );
}
