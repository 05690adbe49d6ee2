import { EnvError, parseEnv } from "@/server/env";
import { createLogger } from "@/server/logger";
import { startChainHost } from "./start-chain-host";

/**
 * `node dist-server/chain-host.mjs` (bundled by `npm run cluster` and the Docker image): the local
 * networks of a sandbox cluster. Settings:
 * - CHAIN_HOST_BIND (127.0.0.1; 0.0.0.0 in a container), CHAIN_HOST_ADVERTISE (the host name other
 *   processes use, e.g. the compose service name)
 * - CHAIN_HOST_PORT (control API, 8890), CHAIN_HOST_SOLANA_PORT (8899; its WebSocket 8900),
 *   CHAIN_HOST_EVM_PORTS (8545,8546) — 0 picks free ports
 * - CHAIN_HOST_ENV_FILE: also write the zpay processes' settings there
 * - SANDBOX_SLOT_MS, SANDBOX_EVM_BLOCK_TIME, LOG_LEVEL as for the app.
 */
async function main() {
  let env;
  try {
    env = parseEnv({ ...process.env, ZPAY_MODE: "sandbox" });
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(env.LOG_LEVEL).child({ role: "chain-host" });
  const port = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number`);
    return value;
  };
  const host = await startChainHost(env, log, {
    host: process.env.CHAIN_HOST_BIND ?? "127.0.0.1",
    advertise: process.env.CHAIN_HOST_ADVERTISE || undefined,
    controlPort: port("CHAIN_HOST_PORT", 8890),
    solanaPort: port("CHAIN_HOST_SOLANA_PORT", 8899),
    evmPorts: (process.env.CHAIN_HOST_EVM_PORTS ?? "8545,8546").split(",").map((p, i) => port(`CHAIN_HOST_EVM_PORTS[${i}]`, Number(p))),
    envFile: process.env.CHAIN_HOST_ENV_FILE || undefined,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "chain host stopping");
    await host.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
