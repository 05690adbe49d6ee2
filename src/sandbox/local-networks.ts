import { solanaChainFor } from "@/lib/chains";
import type { Env } from "@/server/env";
import type { Logger } from "@/server/logger";
import type { EvmRuntime, EvmToken, SolanaRuntime, Stablecoin } from "@/server/chains/runtime";
import { LOCAL_EVM_CHAINS, type LocalNetworks, type LocalPlacement } from "@/server/chains/start-chains";
import { startEvmSandbox } from "./evm";
import { startSolanaSandbox } from "./solana";

/*
 * The sandbox's local networks as the server starts them (`startChains`' `local`): the entry
 * points (src/server/server.ts, the chain host) hand them over; src/server/chains never imports
 * src/sandbox.
 */

async function startLocalSolana(env: Env, log: Logger, at: LocalPlacement): Promise<SolanaRuntime> {
  const local = await startSolanaSandbox({ slotMs: env.SANDBOX_SLOT_MS, host: at.host, port: at.solanaPort, log: log.child({ chain: "solana-sandbox" }) });
  log.info({ rpc: local.rpcUrl, ws: local.wsUrl, mints: local.mints }, "local Solana network started");
  return { chainId: solanaChainFor("sandbox"), rpcUrl: local.rpcUrl, wsUrl: local.wsUrl, mints: local.mints, local };
}

async function startLocalEvm(env: Env, log: Logger, chain: (typeof LOCAL_EVM_CHAINS)[number], at: LocalPlacement): Promise<EvmRuntime> {
  const local = await startEvmSandbox({
    chainId: chain.chainId,
    host: at.host,
    port: at.evmPorts?.[LOCAL_EVM_CHAINS.indexOf(chain)],
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

/** The local networks, for `startChains`. */
export const localNetworks: LocalNetworks = { solana: startLocalSolana, evm: startLocalEvm };
