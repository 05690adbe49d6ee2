import * as React from "react";
import { useTranslation } from "react-i18next";
import { TransactionDetailsDialog } from "@/components/transaction-details/transaction-details-dialog";
import { MapInflowDialog } from "@/components/unmapped/map-inflow-dialog";
import { UnmappedTable } from "@/components/unmapped/unmapped-table";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import type { AdminUnmappedInflowDto } from "@/lib/admin-stats";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import type { OpenPaymentDto } from "@/lib/unmapped";
import { showToast } from "@/stores/toasts";
import { useInflowRows } from "@/components/unmapped/use-inflow-rows";

export interface AdminTransactionsPageProps {
  api: ApiClient;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

/**
 * /admin-transactions "Map Transactions" (permission `admin_stats`): the Unmapped screen across
 * every merchant, with whose each inflow is. Map offers the open payments of the merchant who
 * received it and credits one exactly as that merchant's own Map would.
 */
export function AdminTransactionsPage({ api, timeZone }: AdminTransactionsPageProps) {
  const { t } = useTranslation("admin");
  const [mapping, setMapping] = React.useState<AdminUnmappedInflowDto | null>(null);
  const [mapped, setMapped] = React.useState<PaymentInfoDto | null>(null);

  const fetchRows = React.useCallback(async () => (await api.get<{ data: AdminUnmappedInflowDto[] }>("/v2/admin-transactions")).data, [api]);
  const { rows, setRows, loadFailed, reload: load } = useInflowRows(fetchRows);

  const inflowId = mapping?._id;
  const loadPayments = React.useCallback(
    async () => (inflowId ? (await api.get<{ data: OpenPaymentDto[] }>(`/v2/admin-transactions/${encodeURIComponent(inflowId)}/payments`)).data : []),
    [api, inflowId],
  );
  const map = async (paymentId: string) => {
    if (!mapping) return;
    try {
      const { data } = await api.post<{ data: { info: PaymentInfoDto } }>(`/v2/admin-transactions/${encodeURIComponent(mapping._id)}/map`, { paymentId });
      showToast({ message: t("transactions.mapped"), variant: "success" });
      setRows((current) => current?.filter((r) => r._id !== mapping._id) ?? null);
      setMapping(null);
      setMapped(data.info);
    } catch (err) {
      const shownAsIs = err instanceof ApiRequestError && err.status >= 400 && err.status < 500;
      showToast({ message: shownAsIs ? err.message : t("transactions.mapFailed"), variant: "error" });
      throw err;
    }
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("transactions.title")}</h1>
        <p className="text-muted-foreground">{t("transactions.intro")}</p>
      </div>
      {loadFailed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("transactions.loadFailed")}</span>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            {t("transactions.retry")}
          </Button>
        </div>
      ) : (
        <UnmappedTable
          rows={rows ?? []}
          loading={rows === null}
          timeZone={timeZone}
          onMap={setMapping}
          extraColumns={[
            {
              id: "merchant",
              header: t("transactions.merchant"),
              cell: (r) => (r.merchant.email ? <span className="break-all">{r.merchant.email}</span> : <AddressDisplay address={r.merchant.publicKey} />),
            },
          ]}
        />
      )}
      {mapping ? (
        <MapInflowDialog
          key={mapping._id}
          open
          onOpenChange={(open) => !open && setMapping(null)}
          inflow={mapping}
          loadPayments={loadPayments}
          onMap={map}
          timeZone={timeZone}
        />
      ) : null}
      {mapped ? <TransactionDetailsDialog open onOpenChange={(open) => !open && setMapped(null)} info={mapped} timeZone={timeZone} /> : null}
    </div>
  );
}
