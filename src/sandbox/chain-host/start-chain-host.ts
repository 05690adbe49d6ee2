import { writeFile } from "node:fs/promises";
import type http from "node:http";
import type { Env } from "@/server/env";
import type { Logger } from "@/server/logger";
import { startChains, type LocalPlacement } from "@/server/chains/start-chains";
import { localNetworks } from "../local-networks";
import { createControlServer } from "./control-server";
import { chainHostSettings, toEnvFile } from "./settings";

export interface ChainHostOptions extends LocalPlacement {
  /** The control API's port (0: a free one). */
  controlPort: number;
  /** The name other machines reach this host by, put in the URLs it hands out; default: as bound. */
  advertise?: string;
  /** Where to write the settings as an env file too (compose services read it). */
  envFile?: string;
}

export interface ChainHost {
  /** The control API, for `SANDBOX_CHAIN_HOST_URL`. */
  url: string;
  settings: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * The sandbox's local networks in a process of their own — the local Solana network and both
 * anvils, with their contracts — so the zpay processes of a cluster share them and can die and
 * restart around them. The same networks `npm start` runs in-process (`startChains`).
 */
export async function startChainHost(env: Env, log: Logger, options: ChainHostOptions): Promise<ChainHost> {
  const chains = await startChains({ ...env, ZPAY_MODE: "sandbox", SOLANA_RPC_URL: undefined, EVM_RPC_URLS: undefined, SANDBOX_CHAIN_HOST_URL: undefined }, log, { at: options, local: async () => localNetworks });
  const settings = chainHostSettings(chains, options.advertise);
  const server = createControlServer(chains, settings, log);
  let port: number;
  try {
    port = await listen(server, options.host ?? "127.0.0.1", options.controlPort);
    if (options.envFile) await writeFile(options.envFile, toEnvFile({ ...settings, SANDBOX_CHAIN_HOST_URL: `http://${options.advertise ?? hostForUrl(options.host)}:${port}` }));
  } catch (error) {
    await chains.stop();
    throw error;
  }
  const url = `http://${options.advertise ?? hostForUrl(options.host)}:${port}`;
  log.info({ url, ...settings }, "chain host ready");
  return {
    url,
    settings,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await chains.stop();
    },
  };
}

function hostForUrl(host: string | undefined): string {
  if (!host || host === "0.0.0.0") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

function listen(server: http.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}
