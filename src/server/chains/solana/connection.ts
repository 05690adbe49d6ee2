import { Connection, type Commitment } from "@solana/web3.js";
import { rpcFetch } from "../rpc-fetch";
import type { SolanaRuntime } from "../runtime";

export type SolanaEndpoint = Pick<SolanaRuntime, "chainId" | "rpcUrl" | "wsUrl" | "fallbackRpcUrls" | "rpc">;

/**
 * The one way this server opens a Solana connection: every HTTP call through rpcFetch (a deadline
 * per attempt, bounded retries with jitter, failover to the fallback URLs, counted and reported to
 * the chain's health). web3.js's own retry of 429s is off: rpcFetch's is the bounded one.
 */
export function solanaConnection(solana: SolanaEndpoint, commitment: Commitment): Connection {
  return new Connection(solana.rpcUrl, {
    commitment,
    wsEndpoint: solana.wsUrl,
    disableRetryOnRateLimit: true,
    fetch: rpcFetch({ chainId: solana.chainId, urls: [solana.rpcUrl, ...(solana.fallbackRpcUrls ?? [])], policy: solana.rpc }),
  });
}
