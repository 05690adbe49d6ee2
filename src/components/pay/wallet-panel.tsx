import { CircleAlertIcon, Loader2Icon, ShieldCheckIcon, WalletIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { WalletAppLinks } from "@/components/signin/wallet-app-links";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ExternalLink } from "@/components/ui/external-link";
import { WALLET_APPS } from "@/lib/wallet-apps";
import { EvmNetworkSwitch } from "./evm-network-switch";
import type { SanctionStatus } from "./pay-flow";
import type { PayFamily, PayOption } from "./pay-option";
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

/** What the pay page needs from a wallet connection; each family's container adapts its wallet library to it. */
export interface PayWalletView {
  /** Default 'solana'. */
  family?: PayFamily;
  wallets: DetectedWallet[];
  /** The connected address (base58 or 0x…), or null. */
  address: string | null;
  connecting: boolean;
  /** Takes a wallet's `id` (or its name when it has none). */
  connect(id: string): void;
  disconnect(): void;
  /** EVM: the wallets are not known yet (the chain config is loading). */
  loading?: boolean;
  /** EVM: the network the connected wallet is on. */
  chainId?: number | null;
  /** EVM: a network switch is being asked of the wallet. */
  switching?: boolean;
  switchChain?(chainId: number): void;
  /** EVM: WalletConnect is offered (the instance has a project id): the way to pay from a phone. */
  walletConnect?: boolean;
}

/** EVM: the wallet is connected on another network than the payment's (SPEC §4 "needs chain switch"). */
export function needsChainSwitch(wallet: PayWalletView, option: PayOption | undefined): boolean {
  return wallet.family === "evm" && Boolean(wallet.address) && Boolean(option) && wallet.chainId !== option!.chainId;
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
  /** The chain and token picked (EVM: the network the wallet must be on). */
  option?: PayOption;
  /** EVM: names of the networks the page knows, for "your wallet is on …". */
  chainName?: (chainId: number) => string | undefined;
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

function WalletButtonIcon({ icon }: { icon?: string }) {
  return icon ? <img src={icon} alt="" className="size-6 rounded" /> : <WalletIcon aria-hidden="true" className="size-6 rounded bg-muted p-1" />;
}

/**
 * On EVM, a phone payer has no QR code to scan: with the proxy design a phone wallet would have
 * to approve the token and then call the contract, which an EIP-681 URL cannot express as one
 * scan reliably. So the offer is WalletConnect, which shows its own QR code and lets the phone
 * wallet sign both transactions the page asks for.
 */
/** "Connecting…" while a wallet connects; the live region stays in the page (empty, hidden) so the change is announced. */
function ConnectingNotice({ connecting }: { connecting: boolean }) {
  const { t } = useTranslation("pay");
  return (
    <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground empty:hidden">
      {connecting ? (
        <>
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {t("wallet.connecting")}
        </>
      ) : null}
    </p>
  );
}

function EvmPhoneOffer() {
  const { t } = useTranslation("pay");
  return (
    <section data-slot="evm-phone-offer" aria-labelledby="pay-evm-phone-title" className="grid gap-1 border-t pt-3">
      <h3 id="pay-evm-phone-title" className="text-sm font-medium">
        {t("qr.offerTitle")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("evm.phoneOffer")}</p>
    </section>
  );
}

/** The EVM wallets to pick from: announced browser wallets, WalletConnect, Coinbase Wallet. */
function EvmWalletChoices({ wallet, busy }: { wallet: PayWalletView; busy: boolean }) {
  const { t } = useTranslation("pay");
  const hasBrowserWallet = wallet.wallets.some((w) => w.kind === "browser");
  return (
    <>
      <p className="text-sm text-muted-foreground">{t("evm.choose")}</p>
      {wallet.loading ? (
        <p aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {t("evm.loadingWallets")}
        </p>
      ) : (
        // One column that may shrink below the longest name: a long wallet name is cut, not pushed out of the card.
        <ul className="grid grid-cols-1 gap-2" aria-label={t("evm.listLabel")}>
          {wallet.wallets.map((w) => (
            <li key={w.id ?? w.name}>
              <Button variant="outline" size="lg" className="h-11 w-full justify-start px-3 has-[>svg]:px-3" disabled={wallet.connecting || busy} onClick={() => wallet.connect(w.id ?? w.name)}>
                <WalletButtonIcon icon={w.icon} />
                <span className="truncate">{t("wallet.connectWith", { wallet: w.name })}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!wallet.loading && !hasBrowserWallet ? <p className="text-sm text-muted-foreground">{t(wallet.walletConnect ? "evm.noBrowserWallet" : "evm.noBrowserWalletNoWc")}</p> : null}
      <ConnectingNotice connecting={wallet.connecting} />
      {wallet.walletConnect && !wallet.loading ? <EvmPhoneOffer /> : null}
    </>
  );
}

/** Connect a wallet of the picked family, see which one is connected, and whether it passed the sanctions check. */
export function WalletPanel({ wallet, sanction, onRetrySanction, showWalletApps = false, busy = false, onPayWithQr, option, chainName }: WalletPanelProps) {
  const { t } = useTranslation("pay");
  const evm = wallet.family === "evm";
  const switchNeeded = needsChainSwitch(wallet, option);
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
          {switchNeeded && option ? (
            <EvmNetworkSwitch
              current={wallet.chainId != null ? (chainName?.(wallet.chainId) ?? String(wallet.chainId)) : undefined}
              target={option.chainName}
              switching={Boolean(wallet.switching)}
              disabled={busy}
              onSwitch={() => wallet.switchChain?.(option.chainId)}
            />
          ) : null}
          <div aria-live="polite" className="empty:hidden">
            <SanctionMessage status={sanction} onRetry={onRetrySanction} onUseAnother={wallet.disconnect} />
          </div>
        </>
      ) : evm ? (
        <EvmWalletChoices wallet={wallet} busy={busy} />
      ) : wallet.wallets.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground">{t("wallet.choose")}</p>
          <ul className="grid gap-2" aria-label={t("wallet.listLabel")}>
            {wallet.wallets.map((w) => (
              <li key={w.name}>
                <Button variant="outline" size="lg" className="h-11 w-full justify-start" disabled={wallet.connecting || busy} onClick={() => wallet.connect(w.id ?? w.name)}>
                  <WalletButtonIcon icon={w.icon} />
                  {t("wallet.connectWith", { wallet: w.name })}
                </Button>
              </li>
            ))}
          </ul>
          <ConnectingNotice connecting={wallet.connecting} />
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
      {!evm && !wallet.address && wallet.wallets.length === 0 && onPayWithQr ? <PayWithQrOffer onPay={onPayWithQr} busy={busy} /> : null}
    </Card>
  );
}
