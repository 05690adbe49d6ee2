import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp, createPaymentsApp } from "../app";
import type { ChainRuntime } from "../chains/runtime";
import type { Database } from "../db/client";
import type { AppDeps } from "../deps";
import { startQueue, stopQueue, type Queue } from "../jobs/queue";
import { startWebhookWorker } from "../jobs/webhooks";
import { createLogger, type Logger } from "../logger";
import { callJson } from "./call-json";
import { testDeps } from "./deps";
import type { signInMerchant } from "./merchants";

/**
 * What the Solana and EVM pay fixtures share: both origins over one database with generous rate
 * limits, a data directory of their own, and pg-boss with the webhook worker. Each fixture adds
 * its chains' sandboxes and watchers.
 */
export interface PayApps {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  payments: ReturnType<typeof createPaymentsApp>;
  queue: Queue;
  dataDir: string;
}

export async function startPayApps(
  database: Database,
  options: { env: Record<string, string>; chains: ChainRuntime; dataDirPrefix: string },
): Promise<{ apps: PayApps; log: Logger; stop(): Promise<void> }> {
  const log = createLogger("silent");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix));
  const queue = await startQueue(database, log);
  // The tests' receivers listen on loopback, which a sandbox only reaches when it says so.
  const webhooks = await startWebhookWorker(queue, database, log, { destination: { allowLoopback: true } });
  const env = { SIGNIN_RATE_LIMIT: "1000", PAY_START_RATE_LIMIT: "1000", DATA_DIR: dataDir, PAYMENTS_ORIGIN: "http://pay.test", WEBHOOK_ALLOW_LOOPBACK: "true", ...options.env };
  const deps: AppDeps = { ...testDeps(database, env, options.chains), queue };
  return {
    apps: { deps, app: createApp(deps), payments: createPaymentsApp(deps), queue, dataDir },
    log,
    /** Stops the webhook worker and the queue and removes the data directory (the fixture stops its watchers first). */
    stop: async () => {
      await webhooks.stop();
      await stopQueue(queue);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Gives a signed-in merchant a receiving wallet (`wallet` is the body of its attach request),
 * optionally a webhook endpoint and callback, and one zLink.
 */
export async function attachWalletAndLink(
  apps: PayApps,
  merchant: Awaited<ReturnType<typeof signInMerchant>>,
  wallet: Record<string, unknown>,
  link: Record<string, unknown>,
  integration?: { endpoint?: string; callback?: string },
) {
  const attached = await callJson(apps.app, "POST", "/api/wallet/networks", wallet, merchant.auth);
  if (attached.status !== 201) throw new Error(`attach failed: ${JSON.stringify(attached.body)}`);
  let secret: string | undefined;
  if (integration) {
    const saved = await callJson(apps.app, "POST", "/api/integrations", integration, merchant.auth);
    if (saved.status !== 200) throw new Error(`integrations failed: ${JSON.stringify(saved.body)}`);
    secret = saved.body.data.secret;
  }
  const created = await callJson(apps.app, "POST", "/api/quick-pays/create", link, merchant.auth);
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  return { secret, link: created.body.data.info as { _id: string; hashedId: string } };
}
