import type { DetectedWallet } from "../wallet-panel";

/** The part of a wagmi connector the list needs. */
export interface ConnectorLike {
  id: string;
  name: string;
  type: string;
  icon?: string;
}

/** wagmi's ids of the connectors created in wagmi-config.ts (EIP-6963 wallets get their rdns as id). */
export const INJECTED_ID = "injected";
export const COINBASE_ID = "coinbaseWalletSDK";
export const WALLETCONNECT_ID = "walletConnect";

/**
 * The EVM wallets the payer can pick, in this order: every wallet the browser announced through
 * EIP-6963 (name and icon as announced); the plain injected `window.ethereum` only when there is
 * one and nothing announced itself (old extensions, in-app browsers); WalletConnect (when
 * configured: phones and desktop apps by QR code); Coinbase Wallet (extension or its app).
 */
export function evmWalletList(connectors: readonly ConnectorLike[], hasWindowEthereum: boolean): DetectedWallet[] {
  const announced = connectors.filter((c) => c.type === "injected" && c.id !== INJECTED_ID);
  const generic = connectors.find((c) => c.id === INJECTED_ID);
  const list: DetectedWallet[] = announced.map((c) => ({ id: c.id, name: c.name, icon: c.icon, kind: "browser" }));
  if (announced.length === 0 && generic && hasWindowEthereum) list.push({ id: generic.id, name: generic.name, icon: generic.icon, kind: "browser" });
  const wc = connectors.find((c) => c.id === WALLETCONNECT_ID);
  if (wc) list.push({ id: wc.id, name: "WalletConnect", icon: wc.icon, kind: "walletconnect" });
  const coinbase = connectors.find((c) => c.id === COINBASE_ID);
  if (coinbase) list.push({ id: coinbase.id, name: coinbase.name, icon: coinbase.icon, kind: "coinbase" });
  return list;
}
