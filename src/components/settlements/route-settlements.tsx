import * as React from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { Button } from "@/components/ui/button";
import { sendAndWait, TransactionReverted } from "@/components/wallet/evm-transactions";
import { useEip6963Wallets } from "@/components/wallet/wallet-connect-dialog/eip6963";
import type { ApiClient } from "@/lib/api-client";
import type { RouteCallDto, RunSettlementRequest, SettlementDto, UnsettledDto } from "@/lib/settlements";
import { showToast } from "@/stores/toasts";
import { RouteSettlementsView } from "./route-settlements-view";

type Loaded = { unsettled: UnsettledDto; history: SettlementDto[] };

/**
 * The route contract card of a non-custodial merchant: loads the route's balances and settlements
 * (POST /v2/settlements/read-unsettled, /read-history), has the server build each call (/run) and
 * sends it from the merchant's EVM wallet in this browser, which must be the route's owner (for an
 * earlier route: the replaced wallet). Renders nothing for a merchant without any route.
 */
export function RouteSettlements({ api }: { api: ApiClient }) {
  const { t } = useTranslation("settings");
  const wallets = useEip6963Wallets();
  const [state, setState] = React.useState<{ status: "loading" } | { status: "error" } | { status: "none" } | ({ status: "ready" } & Loaded)>({ status: "loading" });
  const [round, setRound] = React.useState(0);
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  React.useEffect(() => {
    let live = true;
    Promise.all([api.post<{ data: UnsettledDto }>("/v2/settlements/read-unsettled", {}), api.post<{ data: SettlementDto[] }>("/v2/settlements/read-history", {})])
      .then(([unsettled, history]) => {
        if (!live) return;
        // A replaced wallet's route still counts: its money stays in view until settled.
        const anyRoute = unsettled.data.route !== null || unsettled.data.earlierRoutes.length > 0;
        setState(anyRoute ? { status: "ready", unsettled: unsettled.data, history: history.data } : { status: "none" });
      })
      .catch(() => live && setState({ status: "error" }));
    return () => {
      live = false;
    };
  }, [api, round]);

  const send = async (call: RouteCallDto) => {
    const wallet = wallets[0];
    if (!wallet) throw new Error(t("settlements.noWallet"));
    const accounts = (await wallet.provider.request({ method: "eth_requestAccounts" })) as string[];
    if (!accounts.some((a) => a.toLowerCase() === call.from.toLowerCase())) throw new Error(t("settlements.wrongAccount", { address: call.from }));
    await sendAndWait(wallet.provider, { chainId: call.chain, from: call.from, to: call.to, data: call.data });
  };

  const run = (request: RunSettlementRequest) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    api
      .post<{ data: RouteCallDto }>("/v2/settlements/run", request)
      .then(({ data }) => send(data))
      .then(() => {
        showToast({ message: t(`settlements.done.${request.action}`), variant: "success" });
        setRound((r) => r + 1);
      })
      .catch((err: unknown) => setError(err instanceof TransactionReverted ? t("settlements.reverted") : err instanceof Error && err.message ? err.message : t("settlements.failed")))
      .finally(() => setBusy(false));
  };

  if (state.status === "none") return null;
  if (state.status === "loading") return <Spinner label={t("settlements.loading")} className="self-start" />;
  if (state.status === "error") {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span>{t("settlements.loadFailed")}</span>
        <Button size="sm" variant="outline" onClick={() => setRound((r) => r + 1)}>
          {t("deposits.retry")}
        </Button>
      </div>
    );
  }
  return <RouteSettlementsView unsettled={state.unsettled} history={state.history} busy={busy} error={error} onRun={run} />;
}
