import type { Env } from "../env";
import type { Logger } from "../logger";
import { LOCAL_EVM_CHAIN_ID, solanaChainFor } from "@/lib/chains";
import { MAINNET_EVM_TOKENS, MAINNET_SOLANA_MINTS } from "./mainnet-tokens";
import type { ChainRuntime, EvmRuntime, SolanaRuntime } from "./runtime";

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

async function startLocalSolana(env: Env, log: Logger): Promise<SolanaRuntime> {
  const { startSolanaSandbox } = await import("@/sandbox/solana");
  const local = await startSolanaSandbox({ slotMs: env.SANDBOX_SLOT_MS, log: log.child({ chain: "solana-sandbox" }) });
  log.info({ rpc: local.rpcUrl, ws: local.wsUrl, mints: local.mints }, "local Solana network started");
  return { chainId: solanaChainFor("sandbox"), rpcUrl: local.rpcUrl, wsUrl: local.wsUrl, mints: local.mints, local };
}

async function startLocalEvm(env: Env, log: Logger): Promise<EvmRuntime> {
  const { startEvmSandbox } = await import("@/sandbox/evm");
  const local = await startEvmSandbox({
    chainId: LOCAL_EVM_CHAIN_ID,
    blockTimeSec: env.SANDBOX_EVM_BLOCK_TIME || undefined,
    log: log.child({ chain: "evm-sandbox" }),
  });
  log.info({ rpc: local.rpcUrl, tokens: local.tokens, pid: local.pid }, "local EVM network started");
  return { chainId: local.chainId, rpcUrl: local.rpcUrl, tokens: local.tokens, local };
}

function configuredSolana(env: Env, rpcUrl: string): SolanaRuntime {
  const usdc = env.SOLANA_USDC_MINT ?? (env.ZPAY_MODE === "production" ? MAINNET_SOLANA_MINTS.USDC : undefined);
  const usdt = env.SOLANA_USDT_MINT ?? (env.ZPAY_MODE === "production" ? MAINNET_SOLANA_MINTS.USDT : undefined);
  if (!usdc || !usdt) {
    throw new ChainConfigError("SOLANA_USDC_MINT and SOLANA_USDT_MINT are needed with a sandbox SOLANA_RPC_URL");
  }
  return { chainId: solanaChainFor(env.ZPAY_MODE), rpcUrl, wsUrl: env.SOLANA_WS_URL, mints: { USDC: usdc, USDT: usdt } };
}

/**
 * The chains this process pays on. Production uses the configured RPC URLs only. Sandbox starts a
 * local Solana network and a local EVM network in this process for whichever family has no RPC
 * URL configured, so `npm start` works with no internet.
 * @throws {ChainConfigError} on malformed chain settings; a local network failing to start throws its own error.
 */
export async function startChains(env: Env, log: Logger): Promise<ChainRuntime> {
  const evmConfigured = parseEvmRpcUrls(env.EVM_RPC_URLS).map(
    ({ chainId, rpcUrl }): EvmRuntime => ({ chainId, rpcUrl, tokens: MAINNET_EVM_TOKENS[chainId] ?? {} }),
  );
  const sandbox = env.ZPAY_MODE === "sandbox";
  const [solana, localEvm] = await Promise.allSettled([
    env.SOLANA_RPC_URL ? Promise.resolve(configuredSolana(env, env.SOLANA_RPC_URL)) : sandbox ? startLocalSolana(env, log) : Promise.resolve(undefined),
    sandbox && evmConfigured.length === 0 ? startLocalEvm(env, log) : Promise.resolve(undefined),
  ]);
  const started = [solana, localEvm].flatMap((r) => (r.status === "fulfilled" && r.value?.local ? [r.value.local] : []));
  const stop = async () => {
    await Promise.allSettled(started.map((local) => local.stop()));
  };
  const failed = [solana, localEvm].find((r) => r.status === "rejected");
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const solanaRuntime = solana.status === "fulfilled" ? solana.value : undefined;
  const localEvmRuntime = localEvm.status === "fulfilled" ? localEvm.value : undefined;
  return { solana: solanaRuntime, evm: localEvmRuntime ? [localEvmRuntime] : evmConfigured, stop };
}
