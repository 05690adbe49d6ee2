import { defineChain, type Chain } from "viem";
import { arbitrum, aurora, avalanche, base, bsc, mainnet, moonbeam, optimism, polygon } from "viem/chains";
import type { PayChainConfig } from "@/lib/pay-api";
import type { ProductChainOption } from "../pay-option";

/** viem's definitions of the EVM chains SPEC §9 lists (native currency, public RPC a wallet may add). */
const KNOWN: ReadonlyMap<number, Chain> = new Map([mainnet, optimism, bsc, polygon, moonbeam, base, arbitrum, avalanche, aurora].map((c) => [c.id, c]));

/** An EVM chain the page pays on: the viem chain, and the RPC the browser may read it through (local sandbox nodes only). */
export interface EvmChainSpec {
  chain: Chain;
  rpcUrl?: string;
}

/**
 * The product's EVM chains as viem chains, named as the server names them. A local sandbox chain
 * carries its node's RPC from `/api/config` (so a wallet can add it and the page can read it);
 * a public chain keeps viem's definition, and the page reads it through the payer's wallet (the
 * server never hands out its own RPC URLs, which may carry keys).
 */
export function evmChainSpecs(options: ProductChainOption[], meta: PayChainConfig["contractsMeta"]): EvmChainSpec[] {
  return options.map((option) => {
    const known = KNOWN.get(option.chainId);
    const rpcUrl = meta[String(option.chainId)]?.rpcUrl;
    const chain = defineChain({
      ...(known ?? { nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, testnet: true }),
      id: option.chainId,
      name: option.chainName,
      rpcUrls: rpcUrl ? { default: { http: [rpcUrl] } } : (known?.rpcUrls ?? { default: { http: [] } }),
    });
    return { chain, rpcUrl };
  });
}
