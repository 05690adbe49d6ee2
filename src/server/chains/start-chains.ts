import type { Env } from "../env";
import { DEFAULT_RPC_POLICY, type RpcPolicy } from "./rpc-fetch";
import type { Logger } from "../logger";
import { getAddress, isAddress } from "viem";
import { LOCAL_EVM_CHAIN_B_ID, LOCAL_EVM_CHAIN_ID, solanaChainFor } from "@/lib/chains";
import { feeProxyDeployments } from "./evm/fee-proxy-deployments";
import { MAINNET_EVM_TOKENS, MAINNET_SOLANA_MINTS } from "./mainnet-tokens";
import type { ChainRuntime, EvmRuntime, EvmToken, SolanaRuntime, Stablecoin } from "./runtime";

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
 * Parses `EVM_ROUTE_FACTORIES` ("chainId=0xaddress,...") into chain id → checksummed address.
 * @throws {ChainConfigError} on an entry without a numeric chain id or an EVM address, or a chain listed twice.
 */
export function parseEvmRouteFactories(value: string | undefined): Map<number, `0x${string}`> {
  const factories = new Map<number, `0x${string}`>();
  for (const entry of (value ?? "").split(",").map((e) => e.trim()).filter(Boolean)) {
    const at = entry.indexOf("=");
    const chainId = Number(entry.slice(0, at));
    const address = entry.slice(at + 1);
    if (at < 1 || !Number.isInteger(chainId) || !isAddress(address, { strict: false })) {
      throw new ChainConfigError(`EVM_ROUTE_FACTORIES: "${entry}" is not chainId=0xaddress`);
    }
    if (factories.has(chainId)) throw new ChainConfigError(`EVM_ROUTE_FACTORIES: chain ${chainId} is listed twice`);
    factories.set(chainId, getAddress(address));
  }
  return factories;
}

async function startLocalSolana(env: Env, log: Logger): Promise<SolanaRuntime> {
  const { startSolanaSandbox } = await import("@/sandbox/solana");
  const local = await startSolanaSandbox({ slotMs: env.SANDBOX_SLOT_MS, log: log.child({ chain: "solana-sandbox" }) });
  log.info({ rpc: local.rpcUrl, ws: local.wsUrl, mints: local.mints }, "local Solana network started");
  return { chainId: solanaChainFor("sandbox"), rpcUrl: local.rpcUrl, wsUrl: local.wsUrl, mints: local.mints, local };
}

/**
 * The sandbox's two local EVM chains: A (31337) with 6-decimals test USDC and USDT, and B (31338)
 * whose test USDT has 18 decimals like USDT on BNB Smart Chain, so a payer really switches chains
 * and the decimals path is exercised.
 */
const LOCAL_EVM_CHAINS = [
  { chainId: LOCAL_EVM_CHAIN_ID, tokenDecimals: {} },
  { chainId: LOCAL_EVM_CHAIN_B_ID, tokenDecimals: { USDT: 18 } },
] as const;

async function startLocalEvm(env: Env, log: Logger, chain: (typeof LOCAL_EVM_CHAINS)[number]): Promise<EvmRuntime> {
  const { startEvmSandbox } = await import("@/sandbox/evm");
  const local = await startEvmSandbox({
    chainId: chain.chainId,
    tokenDecimals: chain.tokenDecimals,
    blockTimeSec: env.SANDBOX_EVM_BLOCK_TIME || undefined,
    log: log.child({ chain: `evm-sandbox-${chain.chainId}` }),
  });
  log.info(
    { chainId: local.chainId, rpc: local.rpcUrl, tokens: local.tokens, feeProxy: local.feeProxy, routeFactory: local.routeFactory, pid: local.pid },
    "local EVM network started",
  );
  const tokens = Object.fromEntries(
    (Object.entries(local.tokens) as [Stablecoin, `0x${string}`][]).map(([symbol, address]) => [symbol, { address, decimals: local.decimals[symbol] }]),
  ) as Record<Stablecoin, EvmToken>;
  return { chainId: local.chainId, rpcUrl: local.rpcUrl, tokens, feeProxy: local.feeProxy, routeFactory: local.routeFactory, local };
}

/**
 * The configured EVM networks zpay can take payments on: those where the production stablecoins
 * (`mainnet-tokens.ts`) and Request Network's ERC20FeeProxy (its package's deployments) both
 * exist. Others are left out with a warning: without the proxy a payment cannot carry its reference.
 * Each carries its route factory when `EVM_ROUTE_FACTORIES` names one.
 */
function configuredEvm(env: Env, log: Logger): EvmRuntime[] {
  const proxies = feeProxyDeployments();
  const factories = parseEvmRouteFactories(env.EVM_ROUTE_FACTORIES);
  // A chain listed more than once: its later URLs are its failover, in order.
  const byChain = new Map<number, string[]>();
  for (const { chainId, rpcUrl } of parseEvmRpcUrls(env.EVM_RPC_URLS)) byChain.set(chainId, [...(byChain.get(chainId) ?? []), rpcUrl]);
  return [...byChain].flatMap(([chainId, [rpcUrl, ...fallbackRpcUrls]]): EvmRuntime[] => {
    const tokens = MAINNET_EVM_TOKENS[chainId] ?? {};
    const feeProxy = proxies.get(chainId);
    if (!feeProxy || Object.keys(tokens).length === 0) {
      log.warn({ chainId, feeProxy: feeProxy ?? null, tokens: Object.keys(tokens) }, "EVM chain left out: no known stablecoin or no ERC20FeeProxy deployment on it");
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
export async function startChains(env: Env, log: Logger): Promise<ChainRuntime> {
  const evmConfigured = configuredEvm(env, log);
  const sandbox = env.ZPAY_MODE === "sandbox";
  const startLocalEvms = sandbox && !env.EVM_RPC_URLS;
  const results = await Promise.allSettled([
    env.SOLANA_RPC_URL ? Promise.resolve(configuredSolana(env, env.SOLANA_RPC_URL)) : sandbox ? startLocalSolana(env, log) : Promise.resolve(undefined),
    ...(startLocalEvms ? LOCAL_EVM_CHAINS.map((chain) => startLocalEvm(env, log, chain)) : []),
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
  // Every chain, configured or local, is called under the same deadline and retries.
  const rpc = { ...DEFAULT_RPC_POLICY, timeoutMs: env.RPC_TIMEOUT_MS, retries: env.RPC_RETRIES };
  const withPolicy = <T extends object>(chain: T): T & { rpc: RpcPolicy } => Object.assign(chain, { rpc });
  return {
    solana: solana ? withPolicy(solana as SolanaRuntime) : undefined,
    evm: (startLocalEvms ? (localEvm as EvmRuntime[]) : evmConfigured).map(withPolicy),
    stop,
  };
}
