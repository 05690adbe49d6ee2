import { rpcCalls, rpcLatency } from "../metrics";
import { chainHealth, type ChainHealthBoard } from "./chain-health";

/** How every chain call is bounded: a deadline per attempt, a few retries, spaced with jitter. */
export interface RpcPolicy {
  /** Deadline of one attempt (ms): a node that never answers holds a caller this long, no longer. */
  timeoutMs: number;
  /** Further attempts after a failed one (network error, timeout, 429 or 5xx); 0 = none. */
  retries: number;
  /** First pause between attempts (ms); doubled each time, with full jitter. */
  backoffMs: number;
}

export const DEFAULT_RPC_POLICY: RpcPolicy = { timeoutMs: 10_000, retries: 2, backoffMs: 250 };

/** An RPC attempt that got no usable answer: the node is down, slow or overloaded. */
export class RpcUnavailableError extends Error {
  constructor(
    readonly chainId: number,
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = "RpcUnavailableError";
  }
}

/** The pause before attempt `n` (1-based retry): full jitter over an exponential ceiling, capped at 5 s. */
export function backoffDelay(policy: Pick<RpcPolicy, "backoffMs">, n: number, random: () => number = Math.random): number {
  const ceiling = Math.min(5_000, policy.backoffMs * 2 ** (n - 1));
  return Math.round(random() * ceiling);
}

/** Whether another attempt may help: the node said it is busy or broken, not that the request is wrong. */
const retryableStatus = (status: number) => status === 429 || status >= 500;

export interface RpcFetchOptions {
  chainId: number;
  /** The node's URLs, in order of preference: on failure the next attempt goes to the next one. */
  urls: readonly string[];
  policy?: RpcPolicy;
  health?: ChainHealthBoard;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A `fetch` for a chain's JSON-RPC clients (web3.js `Connection`, viem's `http` transport): every
 * attempt has a deadline, a failed attempt is retried a bounded number of times with backoff and
 * jitter, each retry on the next configured URL (failover), and every attempt is counted (metrics)
 * and reported to the chain's health board. The URL the client passes is ignored in favour of the
 * list, which starts with it. A caller's own abort signal still cancels at once.
 */
export function rpcFetch(options: RpcFetchOptions): typeof fetch {
  const policy = options.policy ?? DEFAULT_RPC_POLICY;
  const health = options.health ?? chainHealth;
  const sleep = options.sleep ?? pause;
  const chain = String(options.chainId);
  let preferred = 0;
  const call = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let lastError: RpcUnavailableError | undefined;
    for (let attempt = 0; attempt <= policy.retries; attempt++) {
      if (attempt > 0) await sleep(backoffDelay(policy, attempt, options.random));
      const index = (preferred + attempt) % options.urls.length;
      const url = options.urls[index] ?? String(input instanceof Request ? input.url : input);
      const deadline = AbortSignal.timeout(policy.timeoutMs);
      const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
      const started = performance.now();
      try {
        const res = await fetch(url, { ...init, signal });
        rpcLatency.observe({ chain }, (performance.now() - started) / 1000);
        if (retryableStatus(res.status)) {
          await res.body?.cancel().catch(() => {});
          lastError = new RpcUnavailableError(options.chainId, `RPC answered HTTP ${res.status}`, false);
          rpcCalls.inc({ chain, outcome: "error" });
          health.failed(options.chainId, lastError.message);
          continue;
        }
        rpcCalls.inc({ chain, outcome: "ok" });
        health.answered(options.chainId);
        preferred = index;
        return res;
      } catch (err) {
        if (init?.signal?.aborted) throw err;
        const timedOut = deadline.aborted;
        lastError = new RpcUnavailableError(
          options.chainId,
          timedOut ? `RPC gave no answer within ${policy.timeoutMs} ms` : `RPC unreachable: ${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message}`,
          timedOut,
        );
        rpcCalls.inc({ chain, outcome: timedOut ? "timeout" : "error" });
        health.failed(options.chainId, lastError.message);
      }
    }
    throw lastError ?? new RpcUnavailableError(options.chainId, "RPC unavailable", false);
  };
  return call as typeof fetch;
}
