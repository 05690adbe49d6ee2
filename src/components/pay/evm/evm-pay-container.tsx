import { useEffect, useMemo, useState } from "react";
import { useStore } from "@nanostores/react";
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
import { createEvmWalletSession, type EvmWalletSession } from "./evm-wallet-session";
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

function Connected({ session, config, walletConnect, ...props }: FamilyContainerProps & { session: EvmWalletSession; config: Config; walletConnect: boolean }) {
  const state = useStore(session.$state);
  const view: PayWalletView = useMemo(
    () => ({
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
    }),
    [state, session, walletConnect],
  );
  const sender = useMemo(() => (state.address ? createEvmPaymentSender({ config, payer: state.address as Address, reset: session.reset }) : null), [config, state.address, session]);
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
  const [wired, setWired] = useState<{ config: Config; session: EvmWalletSession } | { error: string } | null>(null);
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

  if (!wired || "error" in wired) return <PayFlowView {...props} family="evm" wallet={LOADING_VIEW} sender={null} />;
  return <Connected {...props} config={wired.config} session={wired.session} walletConnect={Boolean(walletConnectProjectId)} />;
}

export default EvmPayContainer;
