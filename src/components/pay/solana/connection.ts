import "@/lib/polyfills";
import { Connection, clusterApiUrl } from "@solana/web3.js";
import { SOLANA_DEVNET, SOLANA_TESTNET } from "@/lib/chains";
import type { PayApi } from "../pay-api-client";

/** The public cluster for a Solana chain id when the server names no RPC (SPEC §9: default mainnet-beta). */
export function defaultClusterUrl(chainId: number): string {
  return clusterApiUrl(chainId === SOLANA_DEVNET ? "devnet" : chainId === SOLANA_TESTNET ? "testnet" : "mainnet-beta");
}

/**
 * Connections for the wallet, one per chain, at `processed` commitment (SPEC §7: the wallet's
 * node). The RPC comes from `GET /api/config` (local sandbox networks expose theirs), read once;
 * a failed read is retried on the next call.
 */
export function createConnectionResolver(api: Pick<PayApi, "getConfig">): (chainId: number) => Promise<Connection> {
  let config: ReturnType<PayApi["getConfig"]> | undefined;
  const connections = new Map<number, Connection>();
  return async (chainId) => {
    const known = connections.get(chainId);
    if (known) return known;
    config ??= api.getConfig().catch((err: unknown) => {
      config = undefined;
      throw err;
    });
    const meta = (await config).contractsMeta[String(chainId)];
    const connection = new Connection(meta?.rpcUrl ?? defaultClusterUrl(chainId), { commitment: "processed", wsEndpoint: meta?.wsUrl });
    connections.set(chainId, connection);
    return connection;
  };
}
