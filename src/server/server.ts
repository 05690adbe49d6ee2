import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Server as HttpServer } from "node:http";
import { createApp, createPaymentsApp, DEFAULT_DIST_DIR } from "./app";
import { registerProducts } from "./products";
import { drainable, type DrainResult } from "./http/drain-server";
import { openDb, type Database } from "./db/client";
import { origins, type Env } from "./env";
import type { Logger } from "./logger";
import { startQueue, stopQueue, type Queue } from "./jobs/queue";
import { scheduleMaintenance } from "./jobs/maintenance";
import { startWebhookWorker, type WebhookWorker } from "./jobs/webhooks";
import { startMail, type RunningMail } from "./jobs/mail/start";
import { startChains } from "./chains/start-chains";
import type { ChainRuntime } from "./chains/runtime";
import { startSolanaWatcher } from "./jobs/solana-watcher";
import { holdLeadership, watcherLockKey, type Leadership } from "./jobs/leader-lock";
import { listenForNewPayments } from "./jobs/payment-wakeups";
import { paymentSink, withWebhookEnqueue } from "./jobs/payment-sink";
import { startReceivingScan } from "./jobs/receiving-account-scan";
import { startEvmWatcher } from "./jobs/evm-watcher";
import { REFUND_WATCHER_LOCK_KEY, startRefundWatcher } from "./jobs/refund-watcher";
import { evmPaymentSink } from "./jobs/evm-payment-sink";
import { evmLogCursorStore } from "./jobs/evm-log-cursor";
import { EVM_INFLOW_CURSOR_KEY, startEvmInflowScan } from "./jobs/evm-inflow-scan";
import { createPublicClient } from "viem";
import { solanaConnection } from "./chains/solana/connection";
import { chainHealth } from "./chains/chain-health";
import { evmHttp } from "./chains/evm/transport";
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

function listen(app: { fetch: (req: Request) => Response | Promise<Response> }, host: string, port: number) {
  return new Promise<Listening>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => resolve({ server, port: info.port, drain }));
    const { drain } = drainable(server as HttpServer);
    server.once("error", reject);
  });
}

/** Opens the database, starts the chains (local ones in sandbox), starts jobs and serves both origins. */
export async function startServer(env: Env, log: Logger, distDir = DEFAULT_DIST_DIR): Promise<RunningServer> {
  const database = await openDb(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  // Chains unreachable and back again are logged once each, not per failed call.
  chainHealth.useLogger(log);
  let queue: Queue | undefined;
  let chains: ChainRuntime | undefined;
  let watcher: Leadership | undefined;
  const evmWatchers: Leadership[] = [];
  let refundWatcher: Leadership | undefined;
  let webhooks: WebhookWorker | undefined;
  let mail: RunningMail | undefined;
  const servers: Listening[] = [];
  // Before any watcher can validate a payment: an invoice paid must turn PAID.
  registerProducts();
  try {
    chains = await startChains(env, log);
    queue = await startQueue(database, log);
    await scheduleMaintenance(queue, database, log, { unusedUploadGraceMs: env.UPLOAD_UNUSED_GRACE_HOURS * 3_600_000 });
    webhooks = await startWebhookWorker(queue, database, log, { destination: { allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK } });
    // E-mail: SMTP_URL, or in sandbox the embedded SMTP server feeding the sandbox mailbox.
    mail = await startMail(env, database, log, queue);
    if (chains.solana) {
      const solana = chains.solana;
      const q0 = queue;
      const sink = paymentSink({ db: database.db, queue, log, isSanctioned: payerScreen(env.DATA_DIR), appOrigin: origins(env).app });
      // One process per chain watches (advisory lock; any process serves routes). A new leader
      // resumes every pending payment first: nothing confirmed while no watcher ran is missed.
      watcher = holdLeadership(
        database,
        async () => {
          const running = await startSolanaWatcher(sink, log, {
            chainId: solana.chainId,
            rpcUrl: solana.rpcUrl,
            wsUrl: solana.wsUrl,
            fallbackRpcUrls: solana.fallbackRpcUrls,
            rpc: solana.rpc,
            pollMs: env.WATCHER_POLL_MS,
            maxPollMs: env.WATCHER_MAX_POLL_MS,
            concurrency: env.WATCHER_CONCURRENCY,
            finalityTimeoutMs: env.FINALITY_TIMEOUT_MS,
            wakeups: (onNew) => listenForNewPayments(database, onNew),
          });
          // The leader also reads every receiving account for money no payment claimed.
          const scanning = startReceivingScan(
            {
              db: database.db,
              connection: solanaConnection(solana, "finalized"),
              chainId: solana.chainId,
              mints: Object.values(solana.mints),
              payments: withWebhookEnqueue({ db: database.db, queue: q0, log, isSanctioned: payerScreen(env.DATA_DIR), appOrigin: origins(env).app }),
              log,
            },
            env.UNMAPPED_SCAN_MS,
          );
          return async () => {
            await scanning();
            await running.stop();
          };
        },
        { key: watcherLockKey(solana.chainId), retryMs: env.WATCHER_LEADER_RETRY_MS, log, name: `solana-watcher:${solana.chainId}` },
      );
    }
    // One leader per EVM chain too, each reading its own chain's fee proxy logs from its cursor.
    for (const evm of chains.evm) {
      const proxy = evm.feeProxy;
      if (!proxy) continue;
      const sink = evmPaymentSink({ db: database.db, queue, log, isSanctioned: payerScreen(env.DATA_DIR), appOrigin: origins(env).app });
      const q2 = queue;
      evmWatchers.push(
        holdLeadership(
          database,
          async () => {
            const running = await startEvmWatcher(sink, log, {
              chainId: evm.chainId,
              rpcUrl: evm.rpcUrl,
              fallbackRpcUrls: evm.fallbackRpcUrls,
              rpc: evm.rpc,
              proxy,
              cursor: evmLogCursorStore(database.db, evm.chainId, proxy),
              pollMs: env.WATCHER_POLL_MS,
              finalityDepth: env.EVM_FINALITY_DEPTH,
              finalityTimeoutMs: env.EVM_FINALITY_TIMEOUT_MS,
              wakeups: (onNew) => listenForNewPayments(database, onNew),
            });
            // The leader also reads the chain's token transfers into merchants for money no payment claimed.
            const scanning = startEvmInflowScan(
              {
                db: database.db,
                client: createPublicClient({ transport: evmHttp(evm), cacheTime: 0 }),
                chainId: evm.chainId,
                proxy,
                tokens: Object.values(evm.tokens).map((t) => t.address),
                cursor: evmLogCursorStore(database.db, evm.chainId, EVM_INFLOW_CURSOR_KEY),
                payments: withWebhookEnqueue({ db: database.db, queue: q2, log, isSanctioned: payerScreen(env.DATA_DIR), appOrigin: origins(env).app }),
                log,
              },
              env.UNMAPPED_SCAN_MS,
            );
            return async () => {
              await scanning();
              await running.stop();
            };
          },
          { key: watcherLockKey(evm.chainId), retryMs: env.WATCHER_LEADER_RETRY_MS, log, name: `evm-watcher:${evm.chainId}` },
        ),
      );
    }
    // One process confirms refunds the merchant's browser never reported and expires the ones nothing was sent for.
    const refundChains = chains;
    const q1 = queue;
    refundWatcher = holdLeadership(
      database,
      async () => startRefundWatcher({ db: database.db, chains: refundChains, queue: q1, log, expiryMs: env.REFUND_EXPIRY_MS }, env.REFUND_WATCH_MS),
      { key: REFUND_WATCHER_LOCK_KEY, retryMs: env.WATCHER_LEADER_RETRY_MS, log, name: "refund-watcher" },
    );
    const deps = { env, database, log, chains, queue, startedAt: new Date() };
    const app = await listen(createApp(deps, { distDir }), env.HOST, env.APP_PORT);
    servers.push(app);
    const payments = await listen(createPaymentsApp(deps, { distDir }), env.HOST, env.PAYMENTS_PORT);
    servers.push(payments);
    const configured = origins(env);
    const appUrl = env.APP_PORT === 0 ? `http://localhost:${app.port}` : configured.app;
    const paymentsUrl = env.PAYMENTS_PORT === 0 ? `http://localhost:${payments.port}` : configured.payments;
    let stopping: Promise<void> | undefined;
    const q = queue;
    const c = chains;
    const w = watcher;
    const ew = evmWatchers;
    const rw = refundWatcher;
    const h = webhooks;
    const m = mail;
    return {
      appUrl,
      paymentsUrl,
      database,
      queue: q,
      chains: c,
      stop: () =>
        (stopping ??= (async () => {
          const budget = env.SHUTDOWN_TIMEOUT_MS;
          const started = Date.now();
          const drainMs = Math.floor(budget * HTTP_DRAIN_SHARE);
          const [drained] = await Promise.all([Promise.all(servers.map((s) => s.drain(drainMs))), h.stop({ abortAfterMs: drainMs })]);
          const destroyed = drained.reduce((n, d) => n + d.destroyed, 0);
          log.info({ ms: Date.now() - started, destroyed }, "stopped serving");
          await closePdfWorkers();
          await w?.stop();
          await Promise.all(ew.map((l) => l.stop()));
          await rw.stop();
          await m.stop();
          // Half of what is left, so the chains and the database still have time after the queue.
          await stopQueue(q, Math.max(500, Math.floor((budget - (Date.now() - started)) / 2)));
          await c.stop();
          await database.close();
        })()),
    };
  } catch (err) {
    await Promise.all(servers.map((s) => s.drain(1_000)));
    if (watcher) await watcher.stop().catch(() => {});
    await Promise.allSettled(evmWatchers.map((l) => l.stop()));
    if (refundWatcher) await refundWatcher.stop().catch(() => {});
    if (webhooks) await webhooks.stop().catch(() => {});
    if (mail) await mail.stop().catch(() => {});
    if (queue) await stopQueue(queue).catch(() => {});
    if (chains) await chains.stop();
    await database.close();
    throw err;
  }
}
