import { LOCAL_EVM_CHAIN_B_ID, LOCAL_EVM_CHAIN_ID, SOLANA_DEVNET, chainById } from "@/lib/chains";
import type { ChainReceivingStatus } from "@/lib/receiving-wallets";
import { walletFamilyOf } from "@/lib/wallet-families";

/** Stories only: the networks a dialog is given, as GET /wallet/networks/status lists them. */
export function statusChains(ids: number[], attached: Record<string, string> = {}): ChainReceivingStatus[] {
  return ids.map((chain) => {
    const family = walletFamilyOf(chain);
    const address = attached[family] ?? null;
    return { chain, chainName: chainById(chain)?.name ?? `Chain ${chain}`, family, address, receiving: address !== null };
  });
}

/** The sandbox: Solana devnet and the two local EVM chains. */
export const SANDBOX_CHAINS = [SOLANA_DEVNET, LOCAL_EVM_CHAIN_ID, LOCAL_EVM_CHAIN_B_ID];
/** Production-like: Solana and six EVM networks (more than five: the search box shows). */
export const MANY_CHAINS = [-5000, 1, 10, 56, 137, 8453, 42161];

export const STORY_EVM_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
