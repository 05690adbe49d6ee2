import { http, type HttpTransport } from "viem";
import { DEFAULT_RPC_POLICY, rpcFetch } from "../rpc-fetch";
import type { EvmRuntime } from "../runtime";

export type EvmEndpoint = Pick<EvmRuntime, "chainId" | "rpcUrl" | "fallbackRpcUrls" | "rpc">;

/** An http(s) twin of a ws(s) RPC URL: one-off reads go over HTTP, subscriptions over the socket. */
export const httpUrlOf = (url: string) => url.replace(/^ws(s?):\/\//, "http$1://");

/**
 * The one HTTP transport this server reads an EVM chain with: every call through rpcFetch (deadline
 * per attempt, bounded retries with jitter, failover, metrics, chain health). viem's own retries are
 * off, and its overall timeout covers all of rpcFetch's attempts so it never cuts one short.
 */
export function evmHttp(evm: EvmEndpoint): HttpTransport {
  const policy = evm.rpc ?? DEFAULT_RPC_POLICY;
  const urls = [evm.rpcUrl, ...(evm.fallbackRpcUrls ?? [])].map(httpUrlOf);
  return http(urls[0], {
    fetchFn: rpcFetch({ chainId: evm.chainId, urls, policy }),
    retryCount: 0,
    timeout: policy.timeoutMs * (policy.retries + 1) + 5_000 * policy.retries + 1_000,
  });
}
