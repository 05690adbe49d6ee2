import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createApp, createPaymentsApp, DEFAULT_DIST_DIR } from "./app";
import { openDb, type Database } from "./db/client";
import { origins, type Env } from "./env";
import type { Logger } from "./logger";
import { startQueue, stopQueue, type Queue } from "./jobs/queue";
import { scheduleMaintenance } from "./jobs/maintenance";
import { startWebhookWorker } from "./jobs/webhooks";
import { startChains } from "./chains/start-chains";
import type { ChainRuntime } from "./chains/runtime";
import { startSolanaWatcher, type SolanaWatcher } from "./jobs/solana-watcher";
import { paymentSink } from "./payments/sink";

export interface RunningServer {
  appUrl: string;
  paymentsUrl: string;
  database: Database;
  queue: Queue;
  chains: ChainRuntime;
  /** Stops accepting connections, drains jobs, closes the database and releases its lock. */
  stop(): Promise<void>;
}

function listen(app: { fetch: (req: Request) => Response | Promise<Response> }, host: string, port: number) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) =>
      resolve({ server, port: info.port }),
    );
    server.once("error", reject);
  });
}

function close(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive sockets would hold close() open; idle ones can go now.
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
}

/** Opens the database, starts the chains (local ones in sandbox), starts jobs and serves both origins. */
export async function startServer(env: Env, log: Logger, distDir = DEFAULT_DIST_DIR): Promise<RunningServer> {
  const database = await openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  let queue: Queue | undefined;
  let chains: ChainRuntime | undefined;
  let watcher: SolanaWatcher | undefined;
  const servers: ServerType[] = [];
  try {
    chains = await startChains(env, log);
    queue = await startQueue(database, log);
    await scheduleMaintenance(queue, database, log);
    await startWebhookWorker(queue, database, log);
    if (chains.solana) {
      // Resumes every pending payment first: nothing confirmed while the process was down is missed.
      watcher = await startSolanaWatcher(paymentSink({ db: database.db, queue, log }), log, {
        chainId: chains.solana.chainId,
        rpcUrl: chains.solana.rpcUrl,
        wsUrl: chains.solana.wsUrl,
        pollMs: env.WATCHER_POLL_MS,
      });
    }
    const deps = { env, database, log, chains, queue, solanaWatcher: watcher, startedAt: new Date() };
    const app = await listen(createApp(deps, { distDir }), env.HOST, env.APP_PORT);
    servers.push(app.server);
    const payments = await listen(createPaymentsApp(deps, { distDir }), env.HOST, env.PAYMENTS_PORT);
    servers.push(payments.server);
    const configured = origins(env);
    const appUrl = env.APP_PORT === 0 ? `http://localhost:${app.port}` : configured.app;
    const paymentsUrl = env.PAYMENTS_PORT === 0 ? `http://localhost:${payments.port}` : configured.payments;
    let stopping: Promise<void> | undefined;
    const q = queue;
    const c = chains;
    const w = watcher;
    return {
      appUrl,
      paymentsUrl,
      database,
      queue: q,
      chains: c,
      stop: () =>
        (stopping ??= (async () => {
          await Promise.all(servers.map(close));
          await w?.stop();
          await stopQueue(q);
          await c.stop();
          await database.close();
        })()),
    };
  } catch (err) {
    await Promise.all(servers.map(close));
    if (watcher) await watcher.stop().catch(() => {});
    if (queue) await stopQueue(queue).catch(() => {});
    if (chains) await chains.stop();
    await database.close();
    throw err;
  }
}
