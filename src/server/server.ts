import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Server as HttpServer } from "node:http";
import { createApp, createPaymentsApp, DEFAULT_DIST_DIR } from "./app";
import { registerProducts } from "./products";
import { drainable, type DrainResult } from "./http/drain-server";
import { openDb, type Database } from "./db/client";
import { origins, type Env } from "./env";
import type { Logger } from "./logger";
import { createLifecycle, type Lifecycle } from "./lifecycle";
import { startQueue, stopQueue, type Queue } from "./jobs/queue";
import { scheduleMaintenance } from "./jobs/maintenance";
import { startWebhookWorker, type WebhookWorker } from "./jobs/webhooks";
import { startMail } from "./jobs/mail/start";
import { startChains } from "./chains/start-chains";
import { startSwapProvider } from "./swap-provider";
import type { ChainRuntime } from "./chains/runtime";
import { holdLeadership } from "./jobs/leader-lock";
import { REFUND_WATCHER_LOCK_KEY, startRefundWatcher } from "./jobs/refund-watcher";
import { chainHealth } from "./chains/chain-health";
import { followChains } from "./families/follow-chains";
import { payerScreen } from "./modules/sanctions";
import { closePdfWorkers } from "./modules/invoices";

export interface RunningServer {
  appUrl: string;
  paymentsUrl: string;
  database: Database;
  queue: Queue;
  chains: ChainRuntime;
  /**
   * Stops accepting connections and drains the HTTP servers under any traffic (keep-alive clients
   * are told `Connection: close`; what remains at the deadline is destroyed), drains jobs (a
   * webhook in flight finishes or is recorded as interrupted), closes the database and releases
   * its lock, all within SHUTDOWN_TIMEOUT_MS.
   */
  stop(): Promise<void>;
}

/**
 * Shares of SHUTDOWN_TIMEOUT_MS: the HTTP servers (and, alongside, the webhook deliveries in
 * flight) get this much before what remains is destroyed (or cut short and recorded as interrupted);
 * the rest is for the watchers, the queue, the chains and the database.
 */
const HTTP_DRAIN_SHARE = 0.4;

interface Listening {
  server: ServerType;
  port: number;
  drain: (deadlineMs: number) => Promise<DrainResult>;
}

type Fetcher = { fetch: (req: Request) => Response | Promise<Response> };

function listen(app: Fetcher, host: string, port: number) {
  return new Promise<Listening>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => resolve({ server, port: info.port, drain }));
    const { drain } = drainable(server as HttpServer);
    server.once("error", reject);
  });
}

/** Opens the database, starts the chains (local ones in sandbox), starts jobs and serves both origins. */
export async function startServer(env: Env, log: Logger, distDir = DEFAULT_DIST_DIR): Promise<RunningServer> {
  const lifecycle = createLifecycle(log);
  const stop = () => lifecycle.stop(env.SHUTDOWN_TIMEOUT_MS);
  return lifecycle.run(async () => {
    const database = await lifecycle.step("database", () => openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR }), (d) => d.close());
    // Chains unreachable and back again are logged once each, not per failed call.
    chainHealth.useLogger(log);
    // Before any watcher can validate a payment: an invoice paid must turn PAID.
    registerProducts();
    // The sandbox's local networks are handed in here, loaded only when a sandbox needs them: chains/ never imports src/sandbox.
    const local = async () => (await import("@/sandbox/local-networks")).localNetworks;
    const chains = await lifecycle.step("chains", () => startChains(env, log, { local }), (c) => c.stop());
    // Half of what is left, so the chains and the database still have time after the queue.
    const queue = await lifecycle.step("queue", () => startQueue(database, log), (q, at) => stopQueue(q, Math.max(500, Math.floor(at.remainingMs() / 2))));
    await scheduleMaintenance(queue, database, log, { unusedUploadGraceMs: env.UPLOAD_UNUSED_GRACE_HOURS * 3_600_000 });
    // E-mail: SMTP_URL, or in sandbox the embedded SMTP server feeding the sandbox mailbox.
    await lifecycle.step("mail", () => startMail(env, database, log, queue), (m) => m.stop());
    // Every family's chains, one leader each; the sinks screen payers and enqueue webhooks after commit.
    const paymentDeps = { db: database.db, queue, log, isSanctioned: payerScreen(env.DATA_DIR), appOrigin: origins(env).app };
    for (const { name, leadership } of followChains({ env, log, database, chains, payments: paymentDeps })) lifecycle.onStop(name, () => leadership.stop());
    // One process confirms refunds the merchant's browser never reported and expires the ones nothing was sent for.
    await lifecycle.step(
      "refund-watcher",
      () =>
        holdLeadership(database, async () => startRefundWatcher({ db: database.db, chains, queue, log, expiryMs: env.REFUND_EXPIRY_MS }, env.REFUND_WATCH_MS), {
          key: REFUND_WATCHER_LOCK_KEY,
          retryMs: env.WATCHER_LEADER_RETRY_MS,
          log,
          name: "refund-watcher",
        }),
      (l) => l.stop(),
    );
    lifecycle.onStop("pdf-workers", () => closePdfWorkers());
    const swap = await startSwapProvider(env, chains, log);
    const deps = { env, database, log, chains, queue, swap, startedAt: new Date() };
    const [app, payments] = await serveOrigins(lifecycle, env, log, {
      app: createApp(deps, { distDir }),
      payments: createPaymentsApp(deps, { distDir }),
      webhooks: () => startWebhookWorker(queue, database, log, { destination: { allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK } }),
    });
    const configured = origins(env);
    return {
      appUrl: env.APP_PORT === 0 ? `http://localhost:${app.port}` : configured.app,
      paymentsUrl: env.PAYMENTS_PORT === 0 ? `http://localhost:${payments.port}` : configured.payments,
      database,
      queue,
      chains,
      stop,
    };
  });
}

/**
 * The webhook deliveries and both origins, as one step: on stop the HTTP servers drain (keep-alive
 * clients are told `Connection: close`; what remains at the deadline is destroyed) while the
 * deliveries in flight finish or are cut short and recorded as interrupted, in the same share.
 */
async function serveOrigins(
  lifecycle: Lifecycle,
  env: Env,
  log: Logger,
  parts: { app: Fetcher; payments: Fetcher; webhooks: () => Promise<WebhookWorker> },
): Promise<[Listening, Listening]> {
  const webhooks = await parts.webhooks();
  const servers: Listening[] = [];
  lifecycle.onStop("http", async (at) => {
    const started = Date.now();
    const drainMs = Math.floor(at.budgetMs * HTTP_DRAIN_SHARE);
    const [drained] = await Promise.all([Promise.all(servers.map((s) => s.drain(drainMs))), webhooks.stop({ abortAfterMs: drainMs })]);
    const destroyed = drained.reduce((n, d) => n + d.destroyed, 0);
    log.info({ ms: Date.now() - started, destroyed }, "stopped serving");
  });
  servers.push(await listen(parts.app, env.HOST, env.APP_PORT));
  servers.push(await listen(parts.payments, env.HOST, env.PAYMENTS_PORT));
  return [servers[0]!, servers[1]!];
}
