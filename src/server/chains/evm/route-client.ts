import { createPublicClient, type PublicClient } from "viem";
import type { EvmRuntime } from "../runtime";
import { evmHttp } from "./transport";

/**
 * A client for one-off route reads (wallet attach, settlements): plain HTTP (a ws(s) RPC URL is
 * read over its http(s) twin), no cache, so every read is the node's answer now.
 */
export function routeClient(evm: Pick<EvmRuntime, "chainId" | "rpcUrl" | "fallbackRpcUrls" | "rpc">): PublicClient {
  return createPublicClient({ transport: evmHttp(evm), cacheTime: 0 }) as PublicClient;
}
