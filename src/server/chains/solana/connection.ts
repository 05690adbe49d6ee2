import { Connection, type Commitment, type ConnectionConfig } from "@solana/web3.js";
import { wsErrors } from "../../metrics";
import { rpcFetch } from "../rpc-fetch";
import type { SolanaRuntime } from "../runtime";

export type SolanaEndpoint = Pick<SolanaRuntime, "chainId" | "rpcUrl" | "wsUrl" | "fallbackRpcUrls" | "rpc">;

/**
 * The one way this server opens a Solana connection: every HTTP call through rpcFetch (a deadline
 * per attempt, bounded retries with jitter, failover to the fallback URLs, counted and reported to
 * the chain's health). web3.js's own retry of 429s is off: rpcFetch's is the bounded one.
 */
export function solanaConnection(solana: SolanaEndpoint, commitment: Commitment): Connection {
  return new CountedWsConnection(solana.chainId, solana.rpcUrl, {
    commitment,
    wsEndpoint: solana.wsUrl,
    disableRetryOnRateLimit: true,
    fetch: rpcFetch({ chainId: solana.chainId, urls: [solana.rpcUrl, ...(solana.fallbackRpcUrls ?? [])], policy: solana.rpc }),
  });
}

/**
 * web3.js prints each WebSocket error with console.error ("ws error: socket hang up"): a raw line
 * in a JSON log, repeated while a node is down. The socket reconnects on its own and the HTTP calls
 * report the outage to the chain's health (logged once, then rate-limited), so an error is only
 * counted (`zpay_ws_errors_total`). `_wsOnError` is web3.js's internal handler, bound in its
 * constructor, so only a subclass can replace it.
 */
class CountedWsConnection extends Connection {
  constructor(
    private readonly chainId: number,
    endpoint: string,
    config: ConnectionConfig,
  ) {
    super(endpoint, config);
  }

  _wsOnError(): void {
    (this as unknown as { _rpcWebSocketConnected: boolean })._rpcWebSocketConnected = false;
    wsErrors.inc({ chain: String(this.chainId) });
  }
}
