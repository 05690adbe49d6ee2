import { CircleAlertIcon, Loader2Icon, ShieldCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { WalletAppLinks } from "@/components/signin/wallet-app-links";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ExternalLink } from "@/components/ui/external-link";
import { WALLET_APPS } from "@/lib/wallet-apps";
import type { SanctionStatus } from "./pay-flow";
import { PayWithQrOffer } from "./qr/pay-with-qr-offer";

/** A wallet the payer can connect: a Wallet Standard (Solana) or EIP-6963 (EVM) wallet in this browser, or an app-based one. */
export interface DetectedWallet {
  /** What `connect` takes; the name when absent. */
  id?: string;
  name: string;
  /** Image URL (often a data: URL the wallet announced); a generic wallet icon when absent. */
  icon?: string;
  /** EVM: a browser extension, WalletConnect (QR code for a phone app) or Coinbase Wallet. */
  kind?: "browser" | "walletconnect" | "coinbase";
}

/** What the pay page needs from a wallet connection; the container adapts wallet-adapter to it. */
export interface PayWalletView {
  wallets: DetectedWallet[];
  /** The connected address (base58), or null. */
  address: string | null;
  connecting: boolean;
  connect(name: string): void;
  disconnect(): void;
}

export interface WalletPanelProps {
  wallet: PayWalletView;
  sanction: SanctionStatus;
  onRetrySanction: () => void;
  /** On a phone outside a wallet app with no wallet: offer to open the page inside one. */
  showWalletApps?: boolean;
  /** Disables the choices while a payment starts. */
  busy?: boolean;
  /** Offers a Solana Pay QR code for a phone wallet when this browser has no wallet. */
  onPayWithQr?: () => void;
}

function SanctionMessage({ status, onRetry, onUseAnother }: { status: SanctionStatus; onRetry: () => void; onUseAnother: () => void }) {
  const { t } = useTranslation("pay");
  if (status === "checking") {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        {t("sanction.checking")}
      </p>
    );
  }
  if (status === "failed" || status === "unavailable") {
    return (
      <div className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
        <p className="flex items-start gap-2">
          <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>{t(status === "failed" ? "sanction.failed" : "sanction.unavailable")}</span>
        </p>
        <Button variant="outline" size="sm" className="w-fit" onClick={status === "failed" ? onUseAnother : onRetry}>
          {t(status === "failed" ? "wallet.useAnother" : "sanction.retry")}
        </Button>
      </div>
    );
  }
  return null;
}

/** Connect a Solana wallet, see which one is connected, and whether it passed the sanctions check. */
export function WalletPanel({ wallet, sanction, onRetrySanction, showWalletApps = false, busy = false, onPayWithQr }: WalletPanelProps) {
  const { t } = useTranslation("pay");
  return (
    <Card data-slot="wallet-panel" role="region" aria-labelledby="pay-wallet-title" className="gap-3 px-5 py-5">
      <h2 id="pay-wallet-title" className="font-semibold">
        {t("wallet.title")}
      </h2>
      {wallet.address ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="grid min-w-0 gap-0.5">
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                {sanction === "passed" ? <ShieldCheckIcon aria-hidden="true" className="size-3.5" /> : null}
                {t("wallet.connected")}
              </span>
              <AddressDisplay address={wallet.address} chars={11} copyable className="text-xs sm:text-sm" />
            </div>
            <Button variant="outline" size="sm" disabled={busy} onClick={wallet.disconnect}>
              {t("wallet.disconnect")}
            </Button>
          </div>
          <div aria-live="polite" className="empty:hidden">
            <SanctionMessage status={sanction} onRetry={onRetrySanction} onUseAnother={wallet.disconnect} />
          </div>
        </>
      ) : wallet.wallets.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground">{t("wallet.choose")}</p>
          <ul className="grid gap-2" aria-label={t("wallet.listLabel")}>
            {wallet.wallets.map((w) => (
              <li key={w.name}>
                <Button variant="outline" size="lg" className="h-11 w-full justify-start" disabled={wallet.connecting || busy} onClick={() => wallet.connect(w.name)}>
                  <img src={w.icon} alt="" className="size-6 rounded" />
                  {t("wallet.connectWith", { wallet: w.name })}
                </Button>
              </li>
            ))}
          </ul>
          <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground empty:hidden">
            {wallet.connecting ? (
              <>
                <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
                {t("wallet.connecting")}
              </>
            ) : null}
          </p>
        </>
      ) : (
        <>
          <p className="text-sm">{t("wallet.none")}</p>
          <ul className="flex flex-wrap gap-2" aria-label={t("wallet.downloadsLabel")}>
            {WALLET_APPS.map((app) => (
              <li key={app.id}>
                <Button asChild variant="secondary">
                  <ExternalLink href={app.download} variant="bare">
                    {t("wallet.download", { wallet: app.name })}
                  </ExternalLink>
                </Button>
              </li>
            ))}
          </ul>
          {showWalletApps ? <WalletAppLinks /> : null}
        </>
      )}
      {!wallet.address && wallet.wallets.length === 0 && onPayWithQr ? <PayWithQrOffer onPay={onPayWithQr} busy={busy} /> : null}
    </Card>
  );
}
