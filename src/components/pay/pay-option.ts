import { isSolanaChain } from "@/lib/chains";
import type { PayableProduct } from "@/lib/pay-api";

/** The chain and token this page pays with (today: the product's first Solana option). */
export interface PayOption {
  chainId: number;
  chainName: string;
  token: { symbol: string; address: string; decimals: number };
}

/** The product's Solana option, or undefined when it offers none. */
export function pickPayOption(product: PayableProduct): PayOption | undefined {
  const option = product.options.find((o) => isSolanaChain(o.chainId) && o.tokens.length > 0);
  return option && { chainId: option.chainId, chainName: option.chainName, token: option.tokens[0]! };
}
