import type { ChainRuntime } from "./chains/runtime";
import { solanaConnection } from "./chains/solana/connection";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { jupiterSwapProvider, type SwapProvider } from "./modules/swap";

/**
 * The swap provider this process offers, chosen at start and injected into the app's deps:
 * production asks Jupiter (`JUPITER_API_URL`); a sandbox running its own local Solana network (in
 * this process or a chain host) gets the local market maker, funded from the network's faucet.
 * A sandbox pointed at another network (devnet) has none: Jupiter routes mainnet only.
 */
export async function startSwapProvider(env: Env, chains: ChainRuntime, log: Logger): Promise<SwapProvider | undefined> {
  const solana = chains.solana;
  if (!solana) return undefined;
  if (env.ZPAY_MODE === "production") {
    return jupiterSwapProvider({ baseUrl: env.JUPITER_API_URL, timeoutMs: env.RPC_TIMEOUT_MS, connection: solanaConnection(solana, "confirmed") });
  }
  if (!solana.local) return undefined;
  const { sandboxSwapMaker } = await import("@/sandbox/solana/swap-maker");
  const maker = sandboxSwapMaker({ rpcUrl: solana.rpcUrl, mints: solana.mints, local: solana.local, prices: env.SANDBOX_SWAP_PRICES });
  maker.ready.then(
    () => log.info({ maker: maker.maker, prices: env.SANDBOX_SWAP_PRICES }, "sandbox swap maker funded"),
    (err: unknown) => log.error({ err }, "sandbox swap maker could not be funded: swaps will answer 503"),
  );
  return maker;
}
