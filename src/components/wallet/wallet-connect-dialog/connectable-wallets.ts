import * as React from "react";
import bs58 from "bs58";
import { stringToHex } from "viem";
import type { WalletType } from "@/lib/receiving-wallets";
import { useEip6963Wallets, type Eip1193Provider, type Eip6963Wallet } from "./eip6963";
import { useSolanaStandardWallets, type SolanaStandardWallet } from "./solana-standard";

/** The families the dialog can connect a wallet for (others only have the manual form). */
export type ConnectFamily = "evm" | "solana";

/**
 * One wallet the wallets step lists, whatever its kind: connect it for an address, have it sign
 * the server's proof message (in the form the server verifies), and let it go again.
 */
export interface ConnectableWallet {
  /** Stable within the page: `evm:{uuid}` or `solana:{name}`. */
  id: string;
  name: string;
  icon: string;
  family: ConnectFamily;
  /** SPEC §3 Wallet.type recorded for it. */
  type: WalletType;
  /** Asks the wallet for its account; resolves with the address. */
  connect(): Promise<string>;
  /** EVM: the 0x-hex personal_sign signature; Solana: base58 of the ed25519 signature. */
  signMessage(address: string, message: string): Promise<string>;
  disconnect(): Promise<void>;
  /** EVM: the wallet's EIP-1193 provider, for the transactions it sends itself (route deploy). */
  provider?: Eip1193Provider;
}

/** A well-known wallet to suggest when none of a family is installed: its site opens in a new tab (SPEC §4). */
export interface WalletSuggestion {
  name: string;
  family: ConnectFamily;
  url: string;
}

export const WALLET_SUGGESTIONS: readonly WalletSuggestion[] = [
  { name: "MetaMask", family: "evm", url: "https://metamask.io/download/" },
  { name: "Phantom", family: "solana", url: "https://phantom.com/download" },
];

/** SPEC's connector names: Coinbase Wallet is `coinbasewallet`, any other injected wallet the browser-wallet `metamask`. */
export function evmWalletType(rdns: string): WalletType {
  return rdns === "com.coinbase.wallet" ? "coinbasewallet" : "metamask";
}

export function fromEip6963({ info, provider }: Eip6963Wallet): ConnectableWallet {
  return {
    id: `evm:${info.uuid}`,
    name: info.name,
    icon: info.icon,
    family: "evm",
    type: evmWalletType(info.rdns),
    provider,
    connect: async () => {
      const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[];
      if (!accounts?.[0]) throw new Error("The wallet shared no account.");
      return accounts[0];
    },
    signMessage: async (address, message) => (await provider.request({ method: "personal_sign", params: [stringToHex(message), address] })) as string,
    disconnect: async () => {
      // EIP-2255: forget this site's access; wallets without it simply keep it.
      await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] }).catch(() => undefined);
    },
  };
}

export function fromSolanaStandard(wallet: SolanaStandardWallet): ConnectableWallet {
  const accountFor = (address: string) => wallet.accounts.find((a) => a.address === address);
  return {
    id: `solana:${wallet.name}`,
    name: wallet.name,
    icon: wallet.icon,
    family: "solana",
    type: "solana",
    connect: async () => {
      const { accounts } = await wallet.features["standard:connect"]!.connect();
      const account = accounts.find((a) => a.chains.some((c) => c.startsWith("solana:"))) ?? accounts[0];
      if (!account) throw new Error("The wallet shared no account.");
      return account.address;
    },
    signMessage: async (address, message) => {
      const account = accountFor(address);
      if (!account) throw new Error("The wallet no longer holds this account.");
      const [signed] = await wallet.features["solana:signMessage"]!.signMessage({ account, message: new TextEncoder().encode(message) });
      return bs58.encode(signed!.signature);
    },
    disconnect: async () => {
      await wallet.features["standard:disconnect"]?.disconnect().catch(() => undefined);
    },
  };
}

/** Every wallet of `family` installed in this browser, kept up to date while mounted. */
export function useConnectableWallets(family: ConnectFamily | null): ConnectableWallet[] {
  const evm = useEip6963Wallets();
  const solana = useSolanaStandardWallets();
  return React.useMemo(() => {
    if (family === "evm") return evm.map(fromEip6963);
    if (family === "solana") return solana.map(fromSolanaStandard);
    return [];
  }, [family, evm, solana]);
}
