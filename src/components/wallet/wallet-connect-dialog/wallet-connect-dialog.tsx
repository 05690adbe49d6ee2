import * as React from "react";
import { ArrowLeftIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { chainById } from "@/lib/chains";
import type { ChainReceivingStatus, ReceivingWalletDto } from "@/lib/receiving-wallets";
import { walletFamilyOf } from "@/lib/wallet-families";
import { ReceivingWalletForm } from "../receiving-wallet-form";
import { getOrDeployRoute } from "../evm-transactions";
import { ChainsStep } from "./chains-step";
import { useConnectableWallets, type ConnectableWallet, type ConnectFamily } from "./connectable-wallets";
import { ConnectionPanel } from "./connection-panel";
import { useWalletConnection } from "./use-wallet-connection";
import { requestWalletProof, saveWallet, type WalletDialogMode } from "./wallet-api";
import { WalletsStep } from "./wallets-step";

/** SPEC §2: the dialog's steps, in order. */
export type WalletDialogStep = "chains" | "wallets" | "manual-form";

export interface WalletConnectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  api: ApiClient;
  /** connect (default): attach a wallet; switch: change a wallet's address; deployer: hand a connected wallet over. */
  mode?: WalletDialogMode;
  /** The networks offered to the merchant and what each has (GET /wallet/networks/status). */
  chains: ChainReceivingStatus[];
  /** switch / deployer: the network whose wallet it is about (they open at the wallets step). */
  chainId?: number;
  /** The server saved the wallet (connect, switch); the dialog closes. */
  onSaved?: (wallet: ReceivingWalletDto) => void;
  /** deployer: the connected wallet, for the caller's deploy transaction; the dialog closes. */
  onConnected?: (connection: { wallet: ConnectableWallet; address: string; chainId: number }) => void;
  /** SPEC §6 non-custodial merchant: an EVM wallet deploys its route contract (or finds it) before it is attached. */
  nonCustodial?: boolean;
  /** Shown first, in place of the steps, until it calls `proceed` (e.g. switch: a warning the merchant accepts). */
  before?: (proceed: () => void) => React.ReactNode;
}

const connectFamily = (chainId: number): ConnectFamily | null => {
  const family = walletFamilyOf(chainId);
  return family === "evm" || family === "solana" ? family : null;
};

/**
 * The wallet-connect dialog (SPEC §2): networks → wallets → manual form, starting at the networks
 * (switch and deployer start at the wallets of their network), with a back arrow from the manual
 * form to the wallets and from the wallets to the networks. Mounted fresh each time it opens.
 */
export function WalletConnectDialog(props: WalletConnectDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {props.open ? <DialogBody {...props} /> : null}
    </Dialog>
  );
}

function DialogBody({ onOpenChange, api, mode = "connect", chains, chainId, onSaved, onConnected, nonCustodial = false, before }: WalletConnectDialogProps) {
  const { t } = useTranslation("settings");
  const [held, setHeld] = React.useState(before !== undefined);
  const proceed = React.useCallback(() => setHeld(false), []);
  const startsAtWallets = mode !== "connect";
  const [step, setStep] = React.useState<WalletDialogStep>(startsAtWallets ? "wallets" : "chains");
  const [chain, setChain] = React.useState<number | null>(startsAtWallets ? (chainId ?? chains[0]?.chain ?? null) : null);
  const family = chain === null ? null : connectFamily(chain);
  const wallets = useConnectableWallets(family);
  const connection = useWalletConnection();
  /** A server refusal that cleared the wallet (SPEC §7 already-attached), shown on the wallets step. */
  const [notice, setNotice] = React.useState<string | null>(null);
  const chainName = chain === null ? "" : (chainById(chain)?.name ?? String(chain));
  const busy = connection.state.phase !== "idle" && connection.state.phase !== "failed" && connection.state.phase !== "connected";

  const finish = (wallet: ReceivingWalletDto) => {
    onSaved?.(wallet);
    onOpenChange(false);
  };

  const back = () => {
    if (busy) return;
    setNotice(null);
    if (step === "manual-form") return setStep("wallets");
    connection.release();
    setStep("chains");
  };
  const canGoBack = step === "manual-form" || (step === "wallets" && !startsAtWallets);

  const confirm = () => {
    if (chain === null || connection.state.phase === "idle" || connection.state.phase === "connecting") return;
    const { wallet } = connection.state;
    if (mode === "deployer") {
      onConnected?.({ wallet, address: connection.state.address, chainId: chain });
      onOpenChange(false);
      return;
    }
    setNotice(null);
    const needsRoute = nonCustodial && family === "evm";
    const routeFactory = chains.find((c) => c.chain === chain)?.routeFactory;
    connection.confirm(async (address, sign) => {
      let deployHash: string | undefined;
      if (needsRoute) {
        if (!routeFactory || !wallet.provider) throw new Error(t("route.unavailable"));
        ({ deployHash } = await getOrDeployRoute(wallet.provider, { factory: routeFactory, owner: address, chainId: chain }));
      }
      const challenge = await requestWalletProof(api, chain, address);
      const signature = await sign(challenge.message);
      try {
        const saved = await saveWallet(api, mode, {
          chain,
          address,
          type: wallet.type,
          walletName: wallet.name,
          proof: { nonce: challenge.nonce, signature },
          version: 1,
          ...(deployHash && { deployHash }),
        });
        finish(saved);
      } catch (err) {
        if (err instanceof ApiRequestError && err.code === "already-attached") {
          setNotice(err.message);
          return "release";
        }
        throw err;
      }
    });
  };

  const title = step === "wallets" && mode !== "connect" ? t(`walletDialog.title.${mode}`) : t(`walletDialog.title.${step}`);
  const description =
    step === "chains"
      ? t("walletDialog.description.chains")
      : mode === "deployer"
        ? t("walletDialog.description.deployer", { chain: chainName })
        : family === "evm" && nonCustodial && step === "wallets"
          ? t("route.dialogDescription", { chain: chainName })
          : family === "evm"
          ? t(step === "wallets" ? "walletDialog.description.walletsEvm" : "walletDialog.description.manualEvm", { chain: chainName })
          : t(`walletDialog.description.${step}`, { chain: chainName });
  const connectError = connection.connectError ? t("walletDialog.connectFailed", { wallet: connection.connectError.wallet, reason: connection.connectError.message }) : null;

  return (
    <DialogContent data-slot="wallet-connect-dialog" data-step={step} onInteractOutside={(e) => busy && e.preventDefault()} onEscapeKeyDown={(e) => busy && e.preventDefault()}>
      <DialogHeader className="text-left">
        <div className="flex items-center gap-2">
          {canGoBack ? (
            <button
              type="button"
              onClick={back}
              disabled={busy}
              aria-label={t("walletDialog.back")}
              className="-ml-1 inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
            >
              <ArrowLeftIcon aria-hidden="true" className="size-4" />
            </button>
          ) : null}
          <DialogTitle>{title}</DialogTitle>
        </div>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {held && before ? (
        before(proceed)
      ) : step === "chains" ? (
        <ChainsStep
          chains={chains}
          onPick={(picked) => {
            setChain(picked);
            setNotice(null);
            setStep("wallets");
          }}
        />
      ) : step === "wallets" && chain !== null ? (
        connection.state.phase === "idle" ? (
          <WalletsStep
            family={family}
            wallets={wallets}
            onChoose={(wallet) => {
              setNotice(null);
              connection.choose(wallet);
            }}
            onManual={mode === "deployer" || (nonCustodial && family === "evm") ? undefined : () => setStep("manual-form")}
            error={notice ?? connectError}
          />
        ) : (
          <ConnectionPanel state={connection.state} mode={mode} onConfirm={confirm} onRelease={connection.release} />
        )
      ) : chain !== null ? (
        <ReceivingWalletForm
          chainId={chain}
          onAttach={async (address) => finish(await saveWallet(api, mode, { chain, address, type: "manual", version: 1 }))}
          // Another merchant holds the typed address: proving it is connecting its wallet and signing (the wallets step).
          onProve={family ? () => setStep("wallets") : undefined}
        />
      ) : null}
    </DialogContent>
  );
}
