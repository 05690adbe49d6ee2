import type { ChainRuntime } from "@/server/chains/runtime";

import { withHost as advertised } from "@/server/chains/chain-host-client";

/**
 * The chain settings a zpay process needs to use the local networks `chains` runs, by environment
 * variable name: the same variables an operator sets for real networks, so a cluster's processes go
 * through the one configured-chains path (`startChains`) and the same text works as an env file.
 */
export function chainHostSettings(chains: ChainRuntime, host?: string): Record<string, string> {
  const settings: Record<string, string> = {};
  const { solana, evm } = chains;
  if (solana) {
    settings.SOLANA_RPC_URL = advertised(solana.rpcUrl, host);
    if (solana.wsUrl) settings.SOLANA_WS_URL = advertised(solana.wsUrl, host);
    settings.SOLANA_USDC_MINT = solana.mints.USDC;
    settings.SOLANA_USDT_MINT = solana.mints.USDT;
  }
  if (evm.length > 0) {
    settings.EVM_RPC_URLS = evm.map((e) => `${e.chainId}=${advertised(e.rpcUrl, host)}`).join(",");
    settings.EVM_FEE_PROXIES = evm.flatMap((e) => (e.feeProxy ? [`${e.chainId}=${e.feeProxy}`] : [])).join(",");
    settings.EVM_ROUTE_FACTORIES = evm.flatMap((e) => (e.routeFactory ? [`${e.chainId}=${e.routeFactory}`] : [])).join(",");
    settings.EVM_TOKENS = evm
      .flatMap((e) => Object.entries(e.tokens).map(([symbol, token]) => `${e.chainId}:${symbol}=${token.address}:${token.decimals}`))
      .join(",");
  }
  return settings;
}

/** The settings as an env file (`KEY=value` lines), for compose services and shells. */
export function toEnvFile(settings: Record<string, string>): string {
  return Object.entries(settings).map(([key, value]) => `${key}=${value}\n`).join("");
}
