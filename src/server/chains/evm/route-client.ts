import { createPublicClient, http, type PublicClient } from "viem";
import type { EvmRuntime } from "../runtime";

/**
 * A client for one-off route reads (wallet attach, settlements): plain HTTP, no cache, so every
 * read is the node's answer now. WebSocket RPC URLs are for the watcher's subscriptions; viem's
 * http transport needs an http(s) one, so a ws(s) URL is read over its http(s) twin.
 */
export function routeClient(evm: Pick<EvmRuntime, "rpcUrl">): PublicClient {
  const url = evm.rpcUrl.replace(/^ws(s?):\/\//, "http$1://");
  return createPublicClient({ transport: http(url), cacheTime: 0 }) as PublicClient;
}
