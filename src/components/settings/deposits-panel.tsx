import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { NoWalletWarning } from "@/components/wallet/no-wallet-warning";
import { useWalletStatus } from "@/components/wallet/use-wallet-status";
import { WalletConnectDialog } from "@/components/wallet/wallet-connect-dialog/wallet-connect-dialog";
import type { WalletDialogMode } from "@/components/wallet/wallet-connect-dialog/wallet-api";
import type { ApiClient } from "@/lib/api-client";
import { asksToOpenWallet } from "@/lib/attach-wallet";
import { hasReceivingWallet, type WalletNetworksStatus } from "@/lib/receiving-wallets";
import { showToast } from "@/stores/toasts";
import { RouteSettlements } from "@/components/settlements/route-settlements";
import { ReceivingWalletFacts } from "./deposits-panel-wallet";
import { RouteBalanceCheck } from "./route-balance-check";

/**
 * SPEC §2 Settings → Deposits: the receiving wallet of each chain family offered (connect one, or
 * change its address, through the wallet dialog) and the settlement currency. `?open-wallet=true`
 * (every "attach a wallet" link) opens the dialog as soon as the wallets are known.
 */
export function DepositsPanel({ api, search = "", onSearchHandled }: { api: ApiClient; search?: string; onSearchHandled?: () => void }) {
  const { t } = useTranslation("settings");
  const { state, reload } = useWalletStatus(api);
  const [dialog, setDialog] = React.useState<{ mode: WalletDialogMode; chainId?: number } | null>(null);
  // The query is acted on once, after the first load; the address bar then drops it (a reload does not reopen it).
  const queryHandled = React.useRef(false);
  React.useEffect(() => {
    if (queryHandled.current || state.status !== "ready" || !asksToOpenWallet(search)) return;
    queryHandled.current = true;
    onSearchHandled?.();
    setDialog({ mode: "connect" });
  }, [state.status, search, onSearchHandled]);
  // Each saved wallet remounts the route card: a replaced EVM wallet means another current route
  // (the old one moves under the replaced wallets' routes), which the card reads afresh.
  const [saves, setSaves] = React.useState(0);
  // Replacing a wallet with a route contract leaves that route behind: what it still holds is checked first.
  const replacesRoute =
    dialog?.mode === "switch" && state.status === "ready" && state.wallets.wallets.some((w) => w.route && w.chains.includes(dialog.chainId ?? -1));

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold tracking-tight">{t("deposits.title")}</h2>
        <p className="text-muted-foreground">{t("deposits.intro")}</p>
      </div>
      {state.status === "loading" ? (
        <Spinner label={t("deposits.loading")} className="self-start" />
      ) : state.status === "error" ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("deposits.loadFailed")}</span>
          <Button size="sm" variant="outline" onClick={reload}>
            {t("deposits.retry")}
          </Button>
        </div>
      ) : (
        <>
          <Deposits status={state.wallets} onConnect={() => setDialog({ mode: "connect" })} onChange={(chainId) => setDialog({ mode: "switch", chainId })} />
          <WalletConnectDialog
            open={dialog !== null}
            onOpenChange={(open) => !open && setDialog(null)}
            api={api}
            mode={dialog?.mode}
            chainId={dialog?.chainId}
            chains={state.wallets.chains}
            nonCustodial={state.wallets.nonCustodial}
            before={replacesRoute ? (proceed) => <RouteBalanceCheck api={api} onContinue={proceed} /> : undefined}
            onSaved={() => {
              showToast({ message: t(dialog?.mode === "switch" ? "walletDialog.changed" : "deposits.saved"), variant: "success" });
              setSaves((n) => n + 1);
              reload();
            }}
          />
          {state.wallets.wallets.some((w) => w.route) ? <RouteSettlements key={saves} api={api} /> : null}
        </>
      )}
    </div>
  );
}

/** The wallets card (one section per chain family offered) and the settlement currency card. */
function Deposits({ status, onConnect, onChange }: { status: WalletNetworksStatus; onConnect: () => void; onChange: (chainId: number) => void }) {
  const { t } = useTranslation("settings");
  // Families in the order the instance offers their chains.
  const families = [...new Set(status.chains.map((c) => c.family))];
  const missing = families.some((family) => !status.wallets.some((w) => w.family === family));
  return (
    <>
      {hasReceivingWallet(status) ? null : <NoWalletWarning onAction={onConnect} />}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("deposits.walletTitle")}</h2>
          </CardTitle>
          <CardDescription>{t("deposits.walletsIntro")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {families.map((family) => {
            const wallet = status.wallets.find((w) => w.family === family);
            const name = t(`deposits.familyTitle.${family}`, { defaultValue: family });
            return (
              <section key={family} aria-label={name} className="grid gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-medium">{name}</h3>
                  {wallet ? (
                    <Button size="sm" variant="outline" onClick={() => onChange(wallet.chain)}>
                      {t("deposits.change")}
                      <span className="sr-only"> {t("deposits.changeFor", { family: name })}</span>
                    </Button>
                  ) : null}
                </div>
                {wallet ? (
                  <ReceivingWalletFacts wallet={wallet} offered={status.chains} />
                ) : (
                  <p className="text-sm text-muted-foreground">
                    {t("deposits.notAttached")}
                  </p>
                )}
              </section>
            );
          })}
          {missing ? (
            <Button className="justify-self-start" onClick={onConnect}>
              {t("deposits.connect")}
            </Button>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("deposits.settlementTitle")}</h2>
          </CardTitle>
          <CardDescription>{t("deposits.settlementIntro")}</CardDescription>
        </CardHeader>
        <CardContent className="flex items-center gap-2 font-medium">
          <img src="/assets/tokens/usdc.svg" alt="" width={24} height={24} />
          USDC
        </CardContent>
      </Card>
    </>
  );
}
