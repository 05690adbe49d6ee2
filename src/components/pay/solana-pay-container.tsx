// web3.js needs Buffer before it loads; this module is the Solana chunk's entry.
import "@/lib/polyfills";
import { useCallback, useMemo, useRef } from "react";
import { WalletProvider, useWallet } from "@solana/wallet-adapter-react";
import { WalletReadyState, type WalletError, type WalletName } from "@solana/wallet-adapter-base";
import { isMobileUserAgent, openedInApp } from "@/lib/wallet-apps";
import { PAY_WALLET_STORAGE_KEY } from "@/stores/pay-wallet";
import { showToast } from "@/stores/toasts";
import type { FamilyContainerProps } from "./pay-family";
import { PayFlowView } from "./pay-flow-view";
import { createConnectionResolver } from "./solana/connection";
import { createSolanaPaymentSender } from "./solana/send-payment";
import { createSolanaSwapper } from "./solana/swap-wallet";
import type { PayWalletView } from "./wallet-panel";
import { escapeHtml } from "./wallet-error-toasts";

/** Errors of the payment itself are reported by the pay flow; the provider only reports connecting. */
const PAYMENT_ERRORS = new Set(["WalletSendTransactionError", "WalletSignTransactionError", "WalletNotConnectedError"]);


function Connected({ onUserConnect, walletConnectProjectId: _unused, ...props }: FamilyContainerProps & { onUserConnect: () => void }) {
  const { api } = props;
  const { wallets, wallet, select, connect, disconnect, connecting, publicKey, sendTransaction } = useWallet();
  const getConnection = useMemo(() => createConnectionResolver(api), [api]);
  const address = publicKey?.toBase58() ?? null;

  const choose = useCallback(
    (name: string) => {
      if (connecting) return; // one attempt at a time (SPEC §4 Connection)
      onUserConnect();
      // Selecting connects (autoConnect); a wallet still selected after a disconnect needs asking again.
      if (wallet?.adapter.name === name) connect().catch(() => {});
      else select(name as WalletName);
    },
    [connecting, wallet, connect, select, onUserConnect],
  );

  const view: PayWalletView = useMemo(
    () => ({
      family: "solana",
      wallets: wallets
        .filter((w) => w.readyState === WalletReadyState.Installed || w.readyState === WalletReadyState.Loadable)
        .map((w) => ({ name: w.adapter.name, icon: w.adapter.icon })),
      address,
      connecting,
      connect: choose,
      disconnect: () => void disconnect().catch(() => {}),
    }),
    [wallets, address, connecting, choose, disconnect],
  );

  const sender = useMemo(() => (publicKey ? createSolanaPaymentSender({ getConnection, payer: publicKey, sendTransaction }) : null), [getConnection, publicKey, sendTransaction]);
  // The wallet signs the swap route's v0 transaction with the same sendTransaction (wallet-adapter takes both kinds).
  const swapper = useMemo(() => (publicKey ? createSolanaSwapper({ getConnection, payer: publicKey, sendTransaction }) : null), [getConnection, publicKey, sendTransaction]);
  const search = typeof window === "undefined" ? "" : window.location.search;
  const showWalletApps = typeof navigator !== "undefined" && isMobileUserAgent(navigator.userAgent) && !openedInApp(search);

  return <PayFlowView {...props} family="solana" wallet={view} sender={sender} swapper={swapper} showWalletApps={showWalletApps} />;
}

/**
 * The pay page wired to the browser's Solana wallets: Wallet Standard wallets are discovered by
 * wallet-adapter (`wallets={[]}`), the selected one is remembered and reconnected, and the
 * payment is sent through `sendTransaction` on a connection whose RPC the server names.
 */
export function SolanaPayContainer(props: FamilyContainerProps) {
  const userConnecting = useRef(false);
  const onError = useCallback((error: WalletError) => {
    // A silent reconnect on page load that fails needs no toast; a payer's own attempt does.
    if (PAYMENT_ERRORS.has(error.name) || !userConnecting.current) return;
    userConnecting.current = false;
    const message = error.message || (error.error instanceof Error ? error.error.message : "") || error.name;
    showToast({ message: escapeHtml(message), variant: "error" });
  }, []);
  const onUserConnect = useCallback(() => {
    userConnecting.current = true;
  }, []);
  return (
    <WalletProvider wallets={[]} autoConnect localStorageKey={PAY_WALLET_STORAGE_KEY} onError={onError}>
      <Connected {...props} onUserConnect={onUserConnect} />
    </WalletProvider>
  );
}
