import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { TransactionDetailsDialog } from "@/components/transaction-details/transaction-details-dialog";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import type { OpenPaymentDto, UnmappedInflowDto } from "@/lib/unmapped";
import { showToast } from "@/stores/toasts";
import { RefundDialog } from "@/components/refunds/refund-dialog";
import { MapInflowDialog } from "./map-inflow-dialog";
import { UnmappedTable } from "./unmapped-table";
import { useInflowRows } from "./use-inflow-rows";

export interface UnmappedPageProps {
  api: ApiClient;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

/**
 * /unmapped (SPEC §2 side menu, permission `mapped`): money that reached the merchant without
 * paying a payment. Map credits one to an open payment (the payment's details open afterwards);
 * Refund sends it back to its sender.
 */
export function UnmappedPage({ api, timeZone }: UnmappedPageProps) {
  const { t } = useTranslation("unmapped");
  const [mapping, setMapping] = React.useState<UnmappedInflowDto | null>(null);
  const [mapped, setMapped] = React.useState<PaymentInfoDto | null>(null);
  const [refunding, setRefunding] = React.useState<UnmappedInflowDto | null>(null);

  const fetchRows = React.useCallback(async () => (await api.get<{ data: UnmappedInflowDto[] }>("/v2/unmapped")).data, [api]);
  const { rows, setRows, loadFailed, reload: load } = useInflowRows(fetchRows);

  const inflowId = mapping?._id;
  const loadPayments = React.useCallback(
    async () => (inflowId ? (await api.get<{ data: OpenPaymentDto[] }>(`/v2/unmapped/${encodeURIComponent(inflowId)}/payments`)).data : []),
    [api, inflowId],
  );

  const map = async (paymentId: string) => {
    if (!mapping) return;
    try {
      const { data } = await api.post<{ data: { info: PaymentInfoDto } }>(`/v2/unmapped/${encodeURIComponent(mapping._id)}/map`, { paymentId });
      showToast({ message: t("toasts.mapped"), variant: "success" });
      setRows((current) => current?.filter((r) => r._id !== mapping._id) ?? null);
      setMapping(null);
      setMapped(data.info);
    } catch (err) {
      const shownAsIs = err instanceof ApiRequestError && err.status >= 400 && err.status < 500;
      showToast({ message: shownAsIs ? err.message : t("toasts.mapFailed"), variant: "error" });
      throw err;
    }
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="text-muted-foreground">{t("intro")}</p>
      </div>
      {loadFailed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("loadFailed")}</span>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <UnmappedTable rows={rows ?? []} loading={rows === null} timeZone={timeZone} onMap={setMapping} onRefund={setRefunding} />
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
      {refunding ? (
        <RefundDialog open onOpenChange={(open) => !open && setRefunding(null)} unmappedId={refunding._id} api={api} onRefunded={() => void load()} />
      ) : null}
      {mapped ? <TransactionDetailsDialog open onOpenChange={(open) => !open && setMapped(null)} info={mapped} timeZone={timeZone} /> : null}
    </div>
  );
}
