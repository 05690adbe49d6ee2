import { useEffect, useMemo, useState } from "react";
import { useStore } from "@nanostores/react";
import { atom, type ReadableAtom } from "nanostores";
import type { Config } from "@wagmi/core";
import type { Address } from "viem";
import { useTranslation } from "react-i18next";
import { i18next } from "@/i18n/i18n";
import { showToast } from "@/stores/toasts";
import type { PayApi } from "../pay-api-client";
import { PayFlowView } from "../pay-flow-view";
import type { FamilyContainerProps } from "../pay-family";
import { familyOfChain } from "../pay-option";
import type { PayWalletView } from "../wallet-panel";
import { evmChainSpecs } from "./evm-chains";
import { createEvmWalletSession, type EvmWalletSession, type EvmWalletState } from "./evm-wallet-session";
import { createEvmPaymentSender } from "./send-payment";
import { createEvmWagmiConfig } from "./wagmi-config";

/** The EVM chains this instance pays on, as `/api/config` names them (with their RPC when local). */
async function loadEvmChains(api: Pick<PayApi, "getConfig">) {
  const { contractsMeta } = await api.getConfig();
  const meta = contractsMeta as Record<string, { name?: string; rpcUrl?: string }>;
  const options = Object.entries(meta)
    .filter(([id]) => familyOfChain(Number(id)) === "evm")
    .map(([id, m]) => ({ chainId: Number(id), chainName: m.name ?? `Chain ${id}`, tokens: [] }));
  return evmChainSpecs(options, contractsMeta);
}

const LOADING_VIEW: PayWalletView = { family: "evm", wallets: [], address: null, connecting: false, loading: true, connect() {}, disconnect() {} };

/** Stands in for the session's state until wagmi is set up (no state of its own is ever read). */
const NO_SESSION = atom<EvmWalletState | null>(null);

interface Wired {
  session: EvmWalletSession;
  config: Config;
}

/**
 * The pay flow, loading or wired. One component for both, so the flow below is the same React
 * tree before and after wagmi is ready: a payer already typing an amount or on a radio keeps
 * their field and its focus when the wallets arrive (two component types would remount it).
 */
function EvmFlow({ wired, walletConnect, ...props }: FamilyContainerProps & { wired: Wired | null; walletConnect: boolean }) {
  const session = wired?.session;
  const state = useStore<ReadableAtom<EvmWalletState | null>>(session?.$state ?? NO_SESSION);
  const view: PayWalletView = useMemo(
    () =>
      !session || !state
        ? LOADING_VIEW
        : {
            family: "evm",
            wallets: state.wallets,
            address: state.address,
            connecting: state.status === "connecting" || state.status === "reconnecting",
            connect: (id) => void session.connect(id),
            disconnect: () => void session.disconnect(),
            chainId: state.chainId,
            switching: state.switching,
            switchChain: (chainId) => void session.switchChain(chainId),
            walletConnect,
          },
    [state, session, walletConnect],
  );
  const address = state?.address;
  const sender = useMemo(
    () => (wired && address ? createEvmPaymentSender({ config: wired.config, payer: address as Address, reset: wired.session.reset }) : null),
    [wired, address],
  );
  return <PayFlowView {...props} family="evm" wallet={view} sender={sender} />;
}

/**
 * The pay page wired to the browser's EVM wallets through wagmi: the chains come from the
 * instance's config, the wallets from EIP-6963 discovery plus Coinbase Wallet and (when
 * configured) WalletConnect; the payment goes through the ERC20FeeProxy (./send-payment.ts).
 * This module, wagmi and viem load only when the payer picks EVM (src/components/pay/pay-family.ts).
 */
export function EvmPayContainer({ walletConnectProjectId, ...props }: FamilyContainerProps) {
  const { t } = useTranslation("pay");
  const [wired, setWired] = useState<Wired | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    let session: EvmWalletSession | undefined;
    loadEvmChains(props.api)
      .then((chains) => {
        if (!live) return;
        const config = createEvmWagmiConfig({
          chains,
          walletConnectProjectId,
          appName: i18next.t("brand", { ns: "common" }),
          appUrl: window.location.origin,
        });
        session = createEvmWalletSession({ config, notify: showToast, translate: (key, options) => i18next.t(key, { ns: "pay", ...options }) });
        session.start();
        setWired({ config, session });
      })
      .catch((err: unknown) => live && setWired({ error: err instanceof Error ? err.message : String(err) }));
    return () => {
      live = false;
      session?.stop();
    };
    // The chains and wallets are set up once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (wired && "error" in wired) showToast({ message: t("evm.loadFailed"), variant: "error" });
  }, [wired, t]);

  return <EvmFlow {...props} wired={wired && !("error" in wired) ? wired : null} walletConnect={Boolean(walletConnectProjectId)} />;
}

export default EvmPayContainer;
