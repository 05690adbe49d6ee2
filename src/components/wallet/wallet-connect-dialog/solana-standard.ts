import * as React from "react";
import { getWallets } from "@wallet-standard/app";

/**
 * Solana wallets through the Wallet Standard (the same registry the wallet adapter on /auth
 * reads): every registered wallet that can connect and sign a message on a Solana chain.
 * Typed structurally here: only the features the dialog calls.
 */

export interface StandardAccount {
  address: string;
  publicKey: Uint8Array;
  chains: readonly string[];
  features: readonly string[];
}

interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly StandardAccount[] }>;
}
interface DisconnectFeature {
  disconnect(): Promise<void>;
}
interface SignMessageFeature {
  signMessage(...inputs: { account: StandardAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
}

export interface SolanaStandardWallet {
  name: string;
  icon: string;
  chains: readonly string[];
  accounts: readonly StandardAccount[];
  features: {
    "standard:connect"?: ConnectFeature;
    "standard:disconnect"?: DisconnectFeature;
    "solana:signMessage"?: SignMessageFeature;
  } & Record<string, unknown>;
}

/** A wallet the dialog can use: it connects and signs messages on Solana. */
export function isUsableSolanaWallet(wallet: { chains: readonly string[]; features: Record<string, unknown> }): boolean {
  return (
    wallet.chains.some((c) => c.startsWith("solana:")) &&
    typeof wallet.features["standard:connect"] === "object" &&
    typeof wallet.features["solana:signMessage"] === "object"
  );
}

function usableWallets(): SolanaStandardWallet[] {
  return (getWallets().get() as unknown as SolanaStandardWallet[]).filter(isUsableSolanaWallet);
}

/** The Solana wallets registered in this page, kept up to date while mounted. */
export function useSolanaStandardWallets(): SolanaStandardWallet[] {
  const [wallets, setWallets] = React.useState<SolanaStandardWallet[]>(usableWallets);
  React.useEffect(() => {
    const { on } = getWallets();
    const refresh = () => setWallets(usableWallets());
    refresh();
    const offRegister = on("register", refresh);
    const offUnregister = on("unregister", refresh);
    return () => {
      offRegister();
      offUnregister();
    };
  }, []);
  return wallets;
}
