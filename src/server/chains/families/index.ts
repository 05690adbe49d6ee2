import { walletFamilyOf, type WalletFamily } from "@/lib/wallet-families";
import type { ChainRuntime } from "../runtime";
import type { ChainFamily, FamilyChain } from "../family";
import { evmChainFamily } from "./evm";
import { solanaChainFamily } from "./solana";

/**
 * Every chain family's facts, for the floors that may not reach the families' ports
 * (`src/server/families/`): payments and modules ask here which family a chain or a wallet is.
 * The two built in are listed; another joins through `registerFamily` (src/server/families),
 * which adds its facts here.
 */
const families: ChainFamily<FamilyChain>[] = [solanaChainFamily as ChainFamily<FamilyChain>, evmChainFamily as ChainFamily<FamilyChain>];

/** Adds a family's facts (once; a second family of the same name is a programming error). */
export function registerChainFamily(family: ChainFamily<FamilyChain>): void {
  if (families.some((f) => f.name === family.name)) throw new Error(`chain family ${family.name} is registered twice`);
  families.push(family);
}

/** Takes a registered family out again (tests that register a fake one). */
export function unregisterChainFamily(name: string): void {
  const at = families.findIndex((f) => f.name === name);
  if (at >= 0) families.splice(at, 1);
}

/** Every family, built-in first. */
export const chainFamilies = (): readonly ChainFamily<FamilyChain>[] => families;

/** The family a chain id belongs to, or undefined for a chain of no known family. */
export const familyOfChain = (chainId: number): ChainFamily<FamilyChain> | undefined => families.find((f) => f.owns(chainId));

/** The family name a chain's wallets are stored under: its registered family's, else the shared rule's (a chain of no known kind is a family of its own). */
export const familyNameOf = (chainId: number): WalletFamily => familyOfChain(chainId)?.name ?? walletFamilyOf(chainId);

/** The family of this name (`merchant_wallets.family`), or undefined. */
export const familyNamed = (name: string): ChainFamily<FamilyChain> | undefined => families.find((f) => f.name === name);

/** The chain with this id this runtime takes payments on, with its family; undefined when it takes none there. */
export function payableChain(runtime: ChainRuntime, chainId: number): { family: ChainFamily<FamilyChain>; chain: FamilyChain } | undefined {
  for (const family of families) {
    const chain = family.chains(runtime).find((c) => c.chainId === chainId);
    if (chain) return { family, chain };
  }
  return undefined;
}

/** Every chain id this runtime takes payments on, family by family. */
export const payableChainIds = (runtime: ChainRuntime): number[] => families.flatMap((f) => f.chains(runtime).map((c) => c.chainId));
