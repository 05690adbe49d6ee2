import { createConfig, createStorage, custom, getConnection, http, injected, type Config, type Transport } from "@wagmi/core";
import { coinbaseWallet, walletConnect } from "@wagmi/connectors";
import type { Chain } from "viem";
import type { EvmChainSpec } from "./evm-chains";

/** Where wagmi keeps the payer's last wallet (`zpay.pay.evm.recentConnectorId`, …): SPEC §3 selected/connected wallet. */
export const EVM_WALLET_STORAGE_KEY = "zpay.pay.evm";

export interface EvmWagmiOptions {
  chains: EvmChainSpec[];
  /** WalletConnect is offered only when the instance has a project id (WALLETCONNECT_PROJECT_ID). */
  walletConnectProjectId?: string;
  /** Shown by Coinbase Wallet and WalletConnect wallets: who asks to connect. */
  appName: string;
  appUrl: string;
  /** Default: localStorage (stories pass an in-memory one). */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem">;
}

/**
 * Reads a public chain through the connected wallet's own provider: the server does not hand its
 * RPC URLs to browsers (they may carry keys) and the CSP lists no public node, while the wallet
 * is on that chain whenever the page reads it (it pays only after a chain switch).
 */
function connectedWalletTransport(getConfig: () => Config): Transport {
  return custom({
    async request({ method, params }) {
      const connector = getConnection(getConfig()).connector;
      if (!connector) throw new Error("No wallet is connected.");
      const provider = (await connector.getProvider()) as { request(args: { method: string; params?: unknown }): Promise<unknown> };
      return provider.request({ method, params });
    },
  });
}

/**
 * The pay page's wagmi config: the product's EVM chains; every EIP-6963 wallet the browser
 * announces (wagmi's discovery, by name and icon), the plain injected `window.ethereum` for
 * wallets that do not announce, Coinbase Wallet, and WalletConnect when configured. The SDKs of
 * the last two load only when the payer picks them (wagmi imports them on first use).
 */
export function createEvmWagmiConfig({ chains, walletConnectProjectId, appName, appUrl, storage }: EvmWagmiOptions): Config {
  if (chains.length === 0) throw new Error("No EVM chain to pay on.");
  // The transport asks the config for the connected wallet at request time, after it exists.
  const viaWallet = connectedWalletTransport(() => config);
  const transports: Record<number, Transport> = {};
  for (const spec of chains) transports[spec.chain.id] = spec.rpcUrl ? http(spec.rpcUrl) : viaWallet;
  const config: Config = createConfig({
    chains: chains.map((c) => c.chain) as [Chain, ...Chain[]],
    connectors: [
      injected({ shimDisconnect: true }),
      coinbaseWallet({ appName, preference: { options: "all" } }),
      ...(walletConnectProjectId ? [walletConnect({ projectId: walletConnectProjectId, showQrModal: true, metadata: { name: appName, description: appName, url: appUrl, icons: [] } })] : []),
    ],
    transports,
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ key: EVM_WALLET_STORAGE_KEY, storage: storage ?? (typeof localStorage === "undefined" ? undefined : localStorage) }),
    // Local chains make a block a second; public ones are read through the wallet.
    pollingInterval: 1000,
  });
  return config;
}
