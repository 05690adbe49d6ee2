import type { Logger } from "../logger";
import type { LocalEvmControl, LocalSolanaControl } from "./runtime";

/**
 * The client side of a sandbox chain host (`src/sandbox/chain-host/`): one process runs the local
 * Solana network and both anvils, and every zpay process of a cluster uses them. The host answers
 * `GET /chains` with the chain settings a process would otherwise be given one by one
 * (`SOLANA_RPC_URL`, `EVM_RPC_URLS`, `EVM_TOKENS`, `EVM_FEE_PROXIES`, ...) and serves the faucet,
 * so faucet transactions from several processes are sent one at a time by the one key holder.
 */
export interface ChainHostConnection {
  /** The host's chain settings, by environment variable name. */
  settings: Record<string, string>;
  serves(chainId: number): boolean;
  solana(): LocalSolanaControl;
  evm(chainId: number): LocalEvmControl;
}

export class ChainHostError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message);
    this.name = "ChainHostError";
    if (options?.cause) this.cause = options.cause;
  }
}

/** `url` with its host name swapped for `host` (how another machine or a browser reaches it); `url` itself without one. */
export function withHost(url: string, host: string | undefined): string {
  if (!host) return url;
  const parsed = new URL(url);
  parsed.hostname = host;
  return parsed.toString().replace(/\/$/, "");
}

/** A faucet transfer waits for confirmation on the host; a minute is far more than it takes. */
const CONTROL_TIMEOUT_MS = 60_000;

async function call<T>(base: string, path: string, body?: unknown, timeoutMs = CONTROL_TIMEOUT_MS): Promise<T> {
  const response = await fetch(new URL(path, base), {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new ChainHostError(`chain host ${path}: ${answer.error ?? response.status}`);
  return answer;
}

/**
 * Asks the chain host for its settings, retrying until `deadlineMs` (the host may still be deploying
 * its contracts when the cluster starts).
 * @throws {ChainHostError} when the host has not answered by the deadline.
 */
export async function connectChainHost(url: string, { deadlineMs, log }: { deadlineMs: number; log: Logger }): Promise<ChainHostConnection> {
  const until = Date.now() + deadlineMs;
  let settings: Record<string, string> | undefined;
  let evmChains: number[];
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await call<{ settings: Record<string, string>; evmChainIds: number[] }>(url, "/chains", undefined, 5_000);
      settings = answer.settings;
      evmChains = answer.evmChainIds;
      break;
    } catch (cause) {
      if (Date.now() >= until) throw new ChainHostError(`no answer from the chain host at ${url} within ${deadlineMs} ms`, { cause });
      if (attempt === 0) log.info({ chainHost: url }, "waiting for the chain host");
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  log.info({ chainHost: url, evmChainIds: evmChains }, "using the chain host's local networks");
  const serves = new Set(evmChains);
  const stop = async () => {};
  return {
    settings,
    serves: (chainId) => serves.has(chainId),
    solana: () => ({
      airdrop: async (address, lamports) => (await call<{ signature: string }>(url, "/solana/airdrop", { address, lamports })).signature,
      mintTokens: async (owner, mint, amount) => (await call<{ signature: string }>(url, "/solana/mint", { owner, mint, amount })).signature,
      stop,
    }),
    evm: (chainId) => ({
      fund: async (address, wei) => (await call<{ hash: `0x${string}` }>(url, `/evm/${chainId}/fund`, { address, wei })).hash,
      mintTokens: async (address, token, amount) => (await call<{ hash: `0x${string}` }>(url, `/evm/${chainId}/mint`, { address, token, amount })).hash,
      stop,
    }),
  };
}
