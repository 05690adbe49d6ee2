import * as React from "react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { StatusChip } from "@/components/ui/status-chip";
import { DataTable } from "@/components/ui/table";
import type { ApiClient } from "@/lib/api-client";
import type { ProductionGrantDto, ProductionRequestDto } from "@/lib/production-access";
import { formatDateTime } from "@/lib/transaction-details";
import { showToast } from "@/stores/toasts";

export interface ProductionRequestsSectionProps {
  api: ApiClient;
  /** For stable stories; the reader's own zone otherwise. */
  timeZone?: string;
}

type State = { status: "loading" } | { status: "error" } | { status: "ready"; rows: ProductionRequestDto[] };

/**
 * The admin page's Production access section: the merchants who asked (top bar), pending and
 * granted, newest first, each pending one with Grant. Granting e-mails the merchant the next
 * steps; the toast says when they have no address and must be told another way.
 */
export function ProductionRequestsSection({ api, timeZone }: ProductionRequestsSectionProps) {
  const { t, i18n } = useTranslation("admin");
  const [state, setState] = React.useState<State>({ status: "loading" });
  const [granting, setGranting] = React.useState<string | null>(null);

  const fetchRows = React.useCallback(
    () =>
      api.get<{ data: ProductionRequestDto[] }>("/admin/production-requests").then(
        ({ data }): State => ({ status: "ready", rows: data }),
        (): State => ({ status: "error" }),
      ),
    [api],
  );
  const load = async () => setState(await fetchRows());
  React.useEffect(() => {
    let live = true;
    void fetchRows().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, [fetchRows]);

  const grant = async (row: ProductionRequestDto) => {
    setGranting(row.userId);
    try {
      const { mailed } = await api.post<ProductionGrantDto>(`/admin/production-requests/${encodeURIComponent(row.userId)}/grant`);
      showToast({ message: mailed ? t("production.granted", { email: row.email }) : t("production.grantedNoMail"), variant: "success" });
      await load();
    } catch (err) {
      showToast({ message: err instanceof Error ? err.message : t("production.grantFailed"), variant: "error" });
    } finally {
      setGranting(null);
    }
  };

  const when = (iso: string) => formatDateTime(iso, i18n.language, timeZone);
  return (
    <section aria-labelledby="production-requests" className="mx-auto flex w-full max-w-6xl flex-col gap-3">
      <div>
        <h2 id="production-requests" className="text-xl font-semibold tracking-tight">
          {t("production.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("production.intro")}</p>
      </div>
      {state.status === "error" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("production.loadFailed")}</span>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            {t("production.retry")}
          </Button>
        </div>
      ) : (
        <DataTable
          caption={t("production.title")}
          rows={state.status === "ready" ? state.rows : []}
          loading={state.status === "loading"}
          loadingRows={2}
          getRowId={(r) => r.userId}
          emptyMessage={t("production.empty")}
          columns={[
            { id: "requested", header: t("production.columns.requested"), cell: (r) => when(r.requestedAt) },
            { id: "merchant", header: t("production.columns.merchant"), cell: (r) => <AddressDisplay address={r.publicKey} /> },
            { id: "email", header: t("production.columns.email"), cell: (r) => <span className="break-all">{r.email ?? t("production.noEmail")}</span> },
            {
              id: "status",
              header: t("production.columns.status"),
              cell: (r) =>
                r.status === "granted" ? (
                  <span className="inline-flex flex-wrap items-center gap-2">
                    <StatusChip color="primary">{t("production.status.granted")}</StatusChip>
                    <span className="text-xs text-muted-foreground">{r.grantedAt ? when(r.grantedAt) : null}</span>
                  </span>
                ) : (
                  <StatusChip color="warning">{t("production.status.pending")}</StatusChip>
                ),
            },
            {
              id: "action",
              header: <span className="sr-only">{t("production.columns.action")}</span>,
              label: t("production.columns.action"),
              cell: (r) =>
                r.status === "pending" ? (
                  <Button size="sm" onClick={() => void grant(r)} disabled={granting !== null}>
                    {granting === r.userId ? t("production.granting") : t("production.grant")}
                    {/* Names the merchant for screen readers: every row's button is otherwise the same. */}
                    <span className="sr-only"> {t("production.grantFor", { wallet: r.publicKey })}</span>
                  </Button>
                ) : null,
              className: "text-right",
            },
          ]}
        />
      )}
    </section>
  );
}
