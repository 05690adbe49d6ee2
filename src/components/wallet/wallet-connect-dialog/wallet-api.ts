import type { ApiClient } from "@/lib/api-client";
import type { ReceivingWalletDto, WalletType } from "@/lib/receiving-wallets";
import type { WalletProof, WalletProofChallenge } from "@/lib/wallet-proof";

/** What the dialog opens in (SPEC §2): attach a wallet, change one, or connect one to deploy with. */
export type WalletDialogMode = "connect" | "switch" | "deployer";

/** The body of POST /wallet/networks and /wallet/networks/update-address (SPEC §7: the active wallet's fields plus version). */
export interface SaveWalletBody {
  chain: number;
  address: string;
  type: WalletType;
  walletName?: string;
  proof?: WalletProof;
  version: 1;
  /** Non-custodial merchants: the route's deploy transaction, when the wallet just sent it. */
  deployHash?: string;
}

/** Asks the server for the message a connected wallet signs. */
export async function requestWalletProof(api: ApiClient, chain: number, address: string): Promise<WalletProofChallenge> {
  return (await api.post<{ data: WalletProofChallenge }>("/wallet/networks/proof", { chain, address })).data;
}

/** Attaches (connect mode) or replaces (switch mode) the receiving wallet; rejects with the server's error. */
export async function saveWallet(api: ApiClient, mode: WalletDialogMode, body: SaveWalletBody): Promise<ReceivingWalletDto> {
  const path = mode === "switch" ? "/wallet/networks/update-address" : "/wallet/networks";
  return (await api.post<{ data: { wallet: ReceivingWalletDto } }>(path, body)).data.wallet;
}
