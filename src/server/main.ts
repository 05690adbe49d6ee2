import { parseEnv, EnvError } from "./env";
import { createLogger } from "./logger";
import { startServer } from "./server";
import { DataDirLockedError } from "./db/lock";

/** `npm start`: one process serving the app and payments origins until SIGINT/SIGTERM. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  const log = createLogger(env.LOG_LEVEL);
  let running;
  try {
    running = await startServer(env, log);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log.fatal(err.message);
      process.exit(75); // EX_TEMPFAIL: try again once the other process stops
    }
    throw err;
  }
  log.info(
    { app: running.appUrl, payments: running.paymentsUrl, database: running.database.kind, mode: env.ZPAY_MODE },
    `zpay is running: app ${running.appUrl}, payments ${running.paymentsUrl}`,
  );

  const shutdown = async (signal: string) => {
    log.info({ signal }, "shutting down");
    // The stop itself keeps within SHUTDOWN_TIMEOUT_MS; this is the backstop if something hangs anyway.
    const force = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      await running.stop();
      log.info("stopped cleanly");
      process.exit(0);
    } catch (err) {
      log.error({ err }, "error while stopping");
      process.exit(1);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

await main();
