import { CHAIN_TYPE, chainById } from "./chains";

/**
 * Chain families for receiving wallets: one address serves every chain of its family the
 * merchant enables (an EVM address is the same account on Ethereum, Polygon, Base …; Solana has
 * one chain per instance). A merchant holds at most one receiving wallet per family. Shared by
 * the wallet dialog and the server.
 */
export type WalletFamily = "evm" | "solana" | "near" | "icp" | `chain:${number}`;

/** The family of a chain; a chain of no known kind is a family of its own. */
export function walletFamilyOf(chainId: number): WalletFamily {
  switch (chainById(chainId)?.type) {
    case CHAIN_TYPE.evm:
      return "evm";
    case CHAIN_TYPE.solana:
      return "solana";
    case CHAIN_TYPE.near:
      return "near";
    case CHAIN_TYPE.icp:
      return "icp";
    default:
      return `chain:${chainId}`;
  }
}

/** Families whose wallets can sign a proof in the browser (EIP-6963 personal_sign, Wallet Standard signMessage). */
export const PROVABLE_FAMILIES: readonly WalletFamily[] = ["evm", "solana"];

/** Whether one address of this family may serve several chains (only EVM addresses do). */
export function familyServesManyChains(family: WalletFamily): boolean {
  return family === "evm";
}

/**
 * Chains the wallet dialog offers and the server accepts (SPEC §6): the instance's chains, limited
 * to the merchant's `restrictUserToChains` when that is set, else to the operator's
 * RESTRICTED_NETWORKS when that is set; an empty list restricts nothing. Order follows `instance`.
 */
export function allowedChains(instance: readonly number[], merchantRestriction: readonly number[], operatorRestriction: readonly number[]): number[] {
  const restriction = merchantRestriction.length > 0 ? merchantRestriction : operatorRestriction;
  if (restriction.length === 0) return [...instance];
  return instance.filter((id) => restriction.includes(id));
}


/** SPEC §2, §9: the wallet dialog's chains step shows a search box when it lists more than this many chains. */
export const CHAIN_SEARCH_ABOVE = 5;
