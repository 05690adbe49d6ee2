import { createPublicClient, http, type PublicClient } from "viem";
import type { EvmRuntime } from "../runtime";

/** The deadline of each call a route read makes: a merchant's screen waits on it. */
export const ROUTE_RPC_TIMEOUT_MS = 10_000;
/** Retries of a failed call (with viem's backoff): bounded, so a dead node answers 503 soon. */
export const ROUTE_RPC_RETRIES = 2;

/**
 * A client for one-off route reads (wallet attach, settlements): plain HTTP, no cache, so every
 * read is the node's answer now. WebSocket RPC URLs are for the watcher's subscriptions; viem's
 * http transport needs an http(s) one, so a ws(s) URL is read over its http(s) twin. Every call
 * has a deadline (ROUTE_RPC_TIMEOUT_MS) and bounded retries.
 */
export function routeClient(evm: Pick<EvmRuntime, "rpcUrl">): PublicClient {
  const url = evm.rpcUrl.replace(/^ws(s?):\/\//, "http$1://");
  return createPublicClient({ transport: http(url, { timeout: ROUTE_RPC_TIMEOUT_MS, retryCount: ROUTE_RPC_RETRIES }), cacheTime: 0 }) as PublicClient;
}
