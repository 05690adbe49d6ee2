import { chainById, isEvmChain, isSolanaChain } from "@/lib/chains";
import type { PayableProduct } from "@/lib/pay-api";

/** The chain families a payer picks between first; each brings its own wallet code (loaded on demand). */
export type PayFamily = "solana" | "evm";
export const PAY_FAMILY_IDS: readonly PayFamily[] = ["solana", "evm"];

/** The chain and token this page pays with. */
export interface PayOption {
  chainId: number;
  chainName: string;
  token: { symbol: string; address: string; decimals: number };
}

/** A chain and the tokens the product may be paid with on it. */
export type ProductChainOption = PayableProduct["options"][number];

export function isPayFamily(value: unknown): value is PayFamily {
  return value === "solana" || value === "evm";
}

/** The family a chain id belongs to, or undefined for a chain the pay page cannot pay on. */
export function familyOfChain(chainId: number): PayFamily | undefined {
  if (isSolanaChain(chainId)) return "solana";
  // EIP-155 chain ids are positive; the non-EVM chains SPEC §3 names have negative ids. A local
  // chain the shared list does not name (a second sandbox node) is still EVM.
  if (isEvmChain(chainId) || (Number.isSafeInteger(chainId) && chainId > 0)) return "evm";
  return undefined;
}

/** The coin a chain's network fees are paid in (a local EVM chain the shared list does not name pays in ETH). */
export function nativeSymbolOf(chainId: number): string {
  return chainById(chainId)?.nativeSymbol ?? (familyOfChain(chainId) === "evm" ? "ETH" : "SOL");
}

/** The product's chains of one family that have at least one token, in the server's order. */
export function chainsOfFamily(product: PayableProduct, family: PayFamily): ProductChainOption[] {
  return product.options.filter((o) => o.tokens.length > 0 && familyOfChain(o.chainId) === family);
}

/** The families the product can be paid in, Solana first (the order of the buttons). */
export function payFamilies(product: PayableProduct): PayFamily[] {
  return PAY_FAMILY_IDS.filter((family) => chainsOfFamily(product, family).length > 0);
}

/**
 * The family to open the page in: the one asked for (a button, `?family=`, the family the payer
 * used last) when the product offers it, else the product's first. A merchant who receives on
 * Solana only is never opened in EVM because this payer paid in EVM elsewhere (issue 26).
 */
export function offeredFamily(product: PayableProduct, asked?: PayFamily | null): PayFamily | undefined {
  const families = payFamilies(product);
  return asked && families.includes(asked) ? asked : families[0];
}

const optionOf = (chain: ProductChainOption, token: ProductChainOption["tokens"][number]): PayOption => ({
  chainId: chain.chainId,
  chainName: chain.chainName,
  token: { symbol: token.symbol, address: token.address, decimals: token.decimals },
});

/**
 * The option to pay with: within `family` (default: the first family the product offers), the
 * `preferred` chain and token when the product offers them, else that chain's first token, else
 * the family's first chain and token. A token is kept across a chain change when the new chain
 * has it too (USDC on chain A → USDC on chain B). Undefined when the family has nothing to pay with.
 */
export function pickPayOption(product: PayableProduct, family?: PayFamily, preferred?: { chainId?: number; token?: string }): PayOption | undefined {
  const chosenFamily = family ?? payFamilies(product)[0];
  if (!chosenFamily) return undefined;
  const chains = chainsOfFamily(product, chosenFamily);
  const chain = chains.find((c) => c.chainId === preferred?.chainId) ?? chains[0];
  if (!chain) return undefined;
  const token = chain.tokens.find((t) => t.symbol === preferred?.token) ?? chain.tokens[0]!;
  return optionOf(chain, token);
}

/** Two options name the same chain and token. */
export function sameOption(a: PayOption | undefined, b: PayOption | undefined): boolean {
  return Boolean(a && b && a.chainId === b.chainId && a.token.symbol === b.token.symbol);
}
