import { useTranslation } from "react-i18next";
import { ArrowLeftIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AddressDisplay } from "@/components/ui/address-display";
import { Spinner } from "@/components/ui/spinner";
import { StatusChip } from "@/components/ui/status-chip";
import { NoWalletWarning } from "@/components/wallet/no-wallet-warning";
import { ReceivingWalletForm } from "@/components/wallet/receiving-wallet-form";
import { useReceivingWallets } from "@/components/wallet/use-receiving-wallets";
import type { ApiClient } from "@/lib/api-client";
import { chainById } from "@/lib/chains";
import { receivingWallet, type ReceivingWalletDto, type WalletNetworks } from "@/lib/receiving-wallets";
import { showToast } from "@/stores/toasts";

/** SPEC §2 Settings → Deposits: the receiving wallet (attach one if none) and the settlement currency. */
export function DepositsPanel({ api }: { api: ApiClient }) {
  const { t } = useTranslation("settings");
  const { state, reload, setNetworks } = useReceivingWallets(api);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <a href="/settings" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          {t("deposits.back")}
        </a>
        <h1 className="text-2xl font-bold tracking-tight">{t("deposits.title")}</h1>
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
        <Deposits
          networks={state.networks}
          onAttach={async (address) => {
            const { networks } = state;
            const { data } = await api.post<{ data: { wallet: ReceivingWalletDto } }>("/wallet/networks", {
              address,
              chain: networks.chain,
              type: "manual",
              version: 1,
            });
            setNetworks({ ...networks, wallets: [...networks.wallets, data.wallet] });
            showToast({ message: t("deposits.saved"), variant: "success" });
          }}
        />
      )}
    </div>
  );
}

/** The two cards: the receiving wallet (or the form to attach one) and the settlement currency. */
function Deposits({ networks, onAttach }: { networks: WalletNetworks; onAttach: (address: string) => Promise<void> }) {
  const { t } = useTranslation("settings");
  const wallet = receivingWallet(networks);
  const chain = chainById(networks.chain)?.name ?? String(networks.chain);
  return (
    <>
      {wallet ? null : <NoWalletWarning href="#wallet-address" />}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>{t("deposits.walletTitle")}</h2>
          </CardTitle>
          <CardDescription>{wallet ? t("deposits.walletIntro", { chain }) : t("deposits.attachIntro", { chain })}</CardDescription>
        </CardHeader>
        <CardContent id="wallet-address">
          {wallet ? <WalletFacts wallet={wallet} /> : <ReceivingWalletForm chainId={networks.chain} onAttach={onAttach} />}
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

/** The attached wallet: address (first and last 11 characters, SPEC §9), network, type, status. */
function WalletFacts({ wallet }: { wallet: ReceivingWalletDto }) {
  const { t } = useTranslation("settings");
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
      <dt className="text-muted-foreground">{t("deposits.address")}</dt>
      <dd>
        <AddressDisplay address={wallet.address} chars={11} copyable />
      </dd>
      <dt className="text-muted-foreground">{t("deposits.network")}</dt>
      <dd>{wallet.chainName}</dd>
      <dt className="text-muted-foreground">{t("deposits.type")}</dt>
      <dd>{t("deposits.typeManual")}</dd>
      <dt className="text-muted-foreground">{t("deposits.status")}</dt>
      <dd>
        <StatusChip color={wallet.valid ? "primary" : "error"}>{wallet.valid ? t("deposits.valid") : t("deposits.invalid")}</StatusChip>
      </dd>
    </dl>
  );
}
