import { Loader2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import type { ConnectionState } from "./use-wallet-connection";
import type { WalletDialogMode } from "./wallet-api";
import { ServerMessage } from "../server-message";

export interface ConnectionPanelProps {
  state: Exclude<ConnectionState, { phase: "idle" }>;
  mode: WalletDialogMode;
  onConfirm: () => void;
  onRelease: () => void;
}

/**
 * The wallet modal (SPEC §4): connecting, then connected with the address (a Solana address as
 * its first and last 11 characters, SPEC §2), then the signature that proves it and the save.
 * A refusal keeps the wallet connected, to try again or pick another.
 */
export function ConnectionPanel({ state, mode, onConfirm, onRelease }: ConnectionPanelProps) {
  const { t } = useTranslation("settings");
  const { wallet } = state;
  const heading = (
    <div className="flex items-center gap-3">
      <img src={wallet.icon} alt="" width={32} height={32} className="size-8 shrink-0 rounded" />
      <p className="min-w-0 font-medium break-words">
        {state.phase === "connecting" ? t("walletDialog.connecting", { wallet: wallet.name }) : t("walletDialog.connected", { wallet: wallet.name })}
      </p>
    </div>
  );
  if (state.phase === "connecting") {
    return (
      <div data-slot="wallet-connection" data-phase="connecting" className="grid gap-3">
        {heading}
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {t("walletDialog.connectingHint")}
        </p>
      </div>
    );
  }
  const waiting = state.phase === "signing" || state.phase === "saving";
  const action = mode === "deployer" ? t("walletDialog.useWallet") : mode === "switch" ? t("walletDialog.signSwitch") : t("walletDialog.sign");
  return (
    <div data-slot="wallet-connection" data-phase={state.phase} className="grid gap-4">
      {heading}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t("walletDialog.addressLabel")}</span>
        <AddressDisplay address={state.address} chars={wallet.family === "solana" ? 11 : 6} copyable />
      </div>
      {state.phase === "failed" ? (
        <ServerMessage message={state.reason === "signature" ? t("walletDialog.signatureRefused", { wallet: wallet.name }) : state.message} />
      ) : mode === "deployer" ? null : (
        <p className="text-sm text-muted-foreground">{t("walletDialog.proveHint")}</p>
      )}
      {waiting ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {state.phase === "signing" ? t("walletDialog.signing", { wallet: wallet.name }) : t("walletDialog.saving")}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={waiting} onClick={onRelease}>
          {t("walletDialog.another")}
        </Button>
        <Button type="button" disabled={waiting} onClick={onConfirm}>
          {state.phase === "failed" ? t("walletDialog.retry") : action}
        </Button>
      </div>
    </div>
  );
}
