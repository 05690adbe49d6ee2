import type { Env } from "../env";
import { DEFAULT_RPC_POLICY, type RpcPolicy } from "./rpc-fetch";
import type { Logger } from "../logger";
import { connectChainHost, withHost } from "./chain-host-client";
import { getAddress, isAddress } from "viem";
import { LOCAL_EVM_CHAIN_B_ID, LOCAL_EVM_CHAIN_ID, solanaChainFor } from "@/lib/chains";
import { feeProxyDeployments } from "./evm/fee-proxy-deployments";
import { MAINNET_EVM_TOKENS, MAINNET_SOLANA_MINTS } from "./mainnet-tokens";
import { STABLECOINS, type ChainRuntime, type EvmRuntime, type EvmToken, type SolanaRuntime, type Stablecoin } from "./runtime";

export class ChainConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ChainConfigError";
  }
}

/**
 * Parses `EVM_RPC_URLS` ("chainId=url,chainId=url").
 * @throws {ChainConfigError} on an entry without a numeric chain id or a URL.
 */
export function parseEvmRpcUrls(value: string | undefined): { chainId: number; rpcUrl: string }[] {
  if (!value) return [];
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf("=");
      const chainId = Number(entry.slice(0, at));
      const rpcUrl = entry.slice(at + 1);
      if (at < 1 || !Number.isInteger(chainId) || !URL.canParse(rpcUrl)) {
        throw new ChainConfigError(`EVM_RPC_URLS: "${entry}" is not chainId=url`);
      }
      return { chainId, rpcUrl };
    });
}

/**
 * Parses a `chainId=0xaddress,...` setting (`EVM_ROUTE_FACTORIES`, `EVM_FEE_PROXIES`) into chain id →
 * checksummed address.
 * @throws {ChainConfigError} on an entry without a numeric chain id or an EVM address, or a chain listed twice.
 */
export function parseChainAddresses(setting: string, value: string | undefined): Map<number, `0x${string}`> {
  const addresses = new Map<number, `0x${string}`>();
  for (const entry of (value ?? "").split(",").map((e) => e.trim()).filter(Boolean)) {
    const at = entry.indexOf("=");
    const chainId = Number(entry.slice(0, at));
    const address = entry.slice(at + 1);
    if (at < 1 || !Number.isInteger(chainId) || !isAddress(address, { strict: false })) {
      throw new ChainConfigError(`${setting}: "${entry}" is not chainId=0xaddress`);
    }
    if (addresses.has(chainId)) throw new ChainConfigError(`${setting}: chain ${chainId} is listed twice`);
    addresses.set(chainId, getAddress(address));
  }
  return addresses;
}

/** `EVM_ROUTE_FACTORIES`: zpay's route factory per chain. */
export const parseEvmRouteFactories = (value: string | undefined) => parseChainAddresses("EVM_ROUTE_FACTORIES", value);

/**
 * Parses `EVM_TOKENS` ("chainId:SYMBOL=0xaddress:decimals,..."): the stablecoins of a chain zpay has
 * no built-in list for (a local anvil, a new network), or a replacement for a built-in one.
 * @throws {ChainConfigError} on a malformed entry, an unknown symbol, decimals outside 0..36, or a token listed twice.
 */
export function parseEvmTokens(value: string | undefined): Map<number, Partial<Record<Stablecoin, EvmToken>>> {
  const tokens = new Map<number, Partial<Record<Stablecoin, EvmToken>>>();
  for (const entry of (value ?? "").split(",").map((e) => e.trim()).filter(Boolean)) {
    const match = /^(-?\d+):([A-Z]+)=(0x[0-9a-fA-F]{40}):(\d{1,2})$/.exec(entry);
    const symbol = match?.[2] as Stablecoin | undefined;
    const decimals = Number(match?.[4]);
    if (!match || !symbol || !(STABLECOINS as readonly string[]).includes(symbol) || decimals > 36) {
      throw new ChainConfigError(`EVM_TOKENS: "${entry}" is not chainId:${STABLECOINS.join("|")}=0xaddress:decimals`);
    }
    const chainId = Number(match[1]);
    const chain = tokens.get(chainId) ?? {};
    if (chain[symbol]) throw new ChainConfigError(`EVM_TOKENS: ${symbol} on chain ${chainId} is listed twice`);
    chain[symbol] = { address: getAddress(match[3]!), decimals };
    tokens.set(chainId, chain);
  }
  return tokens;
}

/** Where local networks listen: loopback and free ports unless a chain host for other processes says otherwise. */
export interface LocalPlacement {
  host?: string;
  /** The Solana RPC port (its WebSocket is the next one). */
  solanaPort?: number;
  /** One port per local EVM chain, in `LOCAL_EVM_CHAINS` order. */
  evmPorts?: number[];
}

/**
 * How this process starts the sandbox's local networks: given by the entry point (`src/sandbox`'s
 * `loadLocalNetworks`), never imported here, so `chains/` does not depend on the sandbox and a
 * production build never loads it. Absent, a sandbox with no RPC URL is a configuration error.
 */
export interface LocalNetworks {
  solana(env: Env, log: Logger, at: LocalPlacement): Promise<SolanaRuntime>;
  evm(env: Env, log: Logger, chain: (typeof LOCAL_EVM_CHAINS)[number], at: LocalPlacement): Promise<EvmRuntime>;
}

/**
 * The sandbox's two local EVM chains: A (31337) with 6-decimals test USDC and USDT, and B (31338)
 * whose test USDT has 18 decimals like USDT on BNB Smart Chain, so a payer really switches chains
 * and the decimals path is exercised.
 */
export const LOCAL_EVM_CHAINS = [
  { chainId: LOCAL_EVM_CHAIN_ID, tokenDecimals: {} },
  { chainId: LOCAL_EVM_CHAIN_B_ID, tokenDecimals: { USDT: 18 } },
] as const;

/**
 * The configured EVM networks zpay can take payments on: those where stablecoins and Request
 * Network's ERC20FeeProxy are both known — built in (`mainnet-tokens.ts`, the proxy package's
 * deployments) or given (`EVM_TOKENS`, `EVM_FEE_PROXIES`: a local anvil another process runs, a
 * network the lists lack). Others are left out with a warning: without the proxy a payment cannot
 * carry its reference. Each carries its route factory when `EVM_ROUTE_FACTORIES` names one.
 */
function configuredEvm(env: Env, log: Logger): EvmRuntime[] {
  const proxies = feeProxyDeployments();
  const givenProxies = parseChainAddresses("EVM_FEE_PROXIES", env.EVM_FEE_PROXIES);
  const givenTokens = parseEvmTokens(env.EVM_TOKENS);
  const factories = parseEvmRouteFactories(env.EVM_ROUTE_FACTORIES);
  // A chain listed more than once: its later URLs are its failover, in order.
  const byChain = new Map<number, string[]>();
  for (const { chainId, rpcUrl } of parseEvmRpcUrls(env.EVM_RPC_URLS)) byChain.set(chainId, [...(byChain.get(chainId) ?? []), rpcUrl]);
  return [...byChain].flatMap(([chainId, [rpcUrl, ...fallbackRpcUrls]]): EvmRuntime[] => {
    const tokens = { ...MAINNET_EVM_TOKENS[chainId], ...givenTokens.get(chainId) };
    const feeProxy = givenProxies.get(chainId) ?? proxies.get(chainId);
    if (!feeProxy || Object.keys(tokens).length === 0) {
      log.warn(
        { chainId, feeProxy: feeProxy ?? null, tokens: Object.keys(tokens) },
        "EVM chain left out: no known stablecoin or no ERC20FeeProxy on it (give them with EVM_TOKENS and EVM_FEE_PROXIES)",
      );
      return [];
    }
    const routeFactory = factories.get(chainId);
    return [{ chainId, rpcUrl: rpcUrl!, ...(fallbackRpcUrls.length > 0 && { fallbackRpcUrls }), tokens, feeProxy, ...(routeFactory && { routeFactory }) }];
  });
}

function configuredSolana(env: Env, rpcUrl: string): SolanaRuntime {
  const usdc = env.SOLANA_USDC_MINT ?? (env.ZPAY_MODE === "production" ? MAINNET_SOLANA_MINTS.USDC : undefined);
  const usdt = env.SOLANA_USDT_MINT ?? (env.ZPAY_MODE === "production" ? MAINNET_SOLANA_MINTS.USDT : undefined);
  if (!usdc || !usdt) {
    throw new ChainConfigError("SOLANA_USDC_MINT and SOLANA_USDT_MINT are needed with a sandbox SOLANA_RPC_URL");
  }
  const fallbackRpcUrls = env.SOLANA_RPC_FALLBACK_URLS ?? [];
  return { chainId: solanaChainFor(env.ZPAY_MODE), rpcUrl, wsUrl: env.SOLANA_WS_URL, ...(fallbackRpcUrls.length > 0 && { fallbackRpcUrls }), mints: { USDC: usdc, USDT: usdt } };
}

/**
 * The chains this process pays on. Production uses the configured RPC URLs only. Sandbox starts a
 * local Solana network and two local EVM networks in this process for whichever family has no RPC
 * URL configured, so `npm start` works with no internet.
 * @throws {ChainConfigError} on malformed chain settings; a local network failing to start throws its own error.
 */
export async function startChains(env: Env, log: Logger, options: { at?: LocalPlacement; local?: () => Promise<LocalNetworks> } = {}): Promise<ChainRuntime> {
  const at = options.at ?? {};
  const sandbox = env.ZPAY_MODE === "sandbox";
  // A chain host's networks, shared by several processes: its settings fill what env leaves unset.
  if (sandbox && env.SANDBOX_CHAIN_HOST_URL) {
    const host = await connectChainHost(env.SANDBOX_CHAIN_HOST_URL, { deadlineMs: env.SANDBOX_CHAIN_HOST_WAIT_MS, log });
    const merged = { ...env, ...Object.fromEntries(Object.entries(host.settings).filter(([key]) => env[key as keyof Env] === undefined)) } as Env;
    const browser = env.SANDBOX_BROWSER_CHAIN_HOST;
    const solana = merged.SOLANA_RPC_URL ? configuredSolana(merged, merged.SOLANA_RPC_URL) : undefined;
    if (solana) {
      solana.local = host.solana();
      solana.browserRpcUrl = withHost(solana.rpcUrl, browser);
      if (solana.wsUrl) solana.browserWsUrl = withHost(solana.wsUrl, browser);
    }
    const evm = configuredEvm(merged, log).map((chain) =>
      host.serves(chain.chainId) ? { ...chain, local: host.evm(chain.chainId), browserRpcUrl: withHost(chain.rpcUrl, browser) } : chain,
    );
    return withRpcPolicy(env, { solana, evm, stop: async () => {} });
  }
  const evmConfigured = configuredEvm(env, log);
  const startLocalSolana = sandbox && !env.SOLANA_RPC_URL;
  const startLocalEvms = sandbox && !env.EVM_RPC_URLS;
  let local: LocalNetworks | undefined;
  if (startLocalSolana || startLocalEvms) {
    if (!options.local) throw new ChainConfigError("sandbox mode without SOLANA_RPC_URL or EVM_RPC_URLS needs the local networks (src/sandbox), which this process was not given");
    local = await options.local();
  }
  const results = await Promise.allSettled([
    env.SOLANA_RPC_URL ? Promise.resolve(configuredSolana(env, env.SOLANA_RPC_URL)) : startLocalSolana ? local!.solana(env, log, at) : Promise.resolve(undefined),
    ...(startLocalEvms ? LOCAL_EVM_CHAINS.map((chain) => local!.evm(env, log, chain, at)) : []),
  ]);
  const started = results.flatMap((r) => (r.status === "fulfilled" && r.value?.local ? [r.value.local] : []));
  const stop = async () => {
    await Promise.allSettled(started.map((local) => local.stop()));
  };
  const failed = results.find((r) => r.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [solana, ...localEvm] = results.map((r) => (r.status === "fulfilled" ? r.value : undefined));
  return withRpcPolicy(env, {
    solana: solana as SolanaRuntime | undefined,
    evm: startLocalEvms ? (localEvm as EvmRuntime[]) : evmConfigured,
    stop,
  });
}

/** Every chain, configured or local, is called under the same deadline and retries. */
function withRpcPolicy(env: Env, chains: ChainRuntime): ChainRuntime {
  const rpc: RpcPolicy = { ...DEFAULT_RPC_POLICY, timeoutMs: env.RPC_TIMEOUT_MS, retries: env.RPC_RETRIES };
  return { ...chains, solana: chains.solana && { ...chains.solana, rpc }, evm: chains.evm.map((chain) => ({ ...chain, rpc })) };
}
