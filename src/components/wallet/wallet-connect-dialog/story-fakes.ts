/** Stories only: wallets and network rows for the dialog's steps, shown without a browser wallet behind them. */
import type { ChainReceivingStatus } from "@/lib/receiving-wallets";
import { letterIcon, never } from "@/testing/story-solana-wallet";
import type { ConnectableWallet, ConnectFamily } from "./connectable-wallets";

export const fakeWallet = (name: string, family: ConnectFamily, color = "#6366f1"): ConnectableWallet => ({
  id: `${family}:${name}`,
  name,
  icon: letterIcon(color, name[0]!),
  family,
  type: family === "solana" ? "solana" : "metamask",
  connect: never,
  signMessage: never,
  disconnect: async () => {},
});

export const chainRow = (chain: number, chainName: string, family: ChainReceivingStatus["family"], address: string | null = null): ChainReceivingStatus => ({
  chain,
  chainName,
  family,
  address,
  receiving: address !== null,
});
