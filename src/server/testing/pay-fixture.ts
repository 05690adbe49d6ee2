import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import bs58 from "bs58";
import { Connection, Keypair, PublicKey, type Transaction } from "@solana/web3.js";
import { startSolanaSandbox, type SolanaSandbox } from "@/sandbox/solana";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { buildPaymentTransaction } from "@/components/pay/solana/build-payment-transaction";
import { createApp, createPaymentsApp } from "../app";
import type { ChainRuntime } from "../chains/runtime";
import type { Database } from "../db/client";
import type { AppDeps } from "../deps";
import { startQueue, stopQueue, type Queue } from "../jobs/queue";
import { startSolanaWatcher, type SolanaWatcher } from "../jobs/solana-watcher";
import { startWebhookWorker } from "../jobs/webhooks";
import { listenForNewPayments } from "../jobs/payment-wakeups";
import { createLogger } from "../logger";
import { paymentSink } from "../jobs/payment-sink";
import { payerScreen } from "../modules/sanctions/service";
import { testDeps } from "./deps";
import { users } from "../db/schema";
import { eq } from "drizzle-orm";
import { signInMerchant } from "./merchants";

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** Sends JSON and answers status and parsed body. */
export async function callJson(app: App, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.request(url, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

export interface PayFixture {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  payments: ReturnType<typeof createPaymentsApp>;
  solana: SolanaSandbox;
  connection: Connection;
  watcher: SolanaWatcher;
  queue: Queue;
  dataDir: string;
  /** Starts a new watcher on the same database (a restarted process); the old one must be stopped first. */
  restartWatcher(): Promise<SolanaWatcher>;
  stop(): Promise<void>;
}

/**
 * Both origins over one database with everything a payment touches running for real: a local
 * Solana network (fast slots), pg-boss with the webhook worker, and the Solana watcher.
 */
export async function startPayFixture(
  database: Database,
  env: Record<string, string> = {},
  options: { slotMs?: number; pollMs?: number } = {},
): Promise<PayFixture> {
  const log = createLogger("silent");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-pay-"));
  const solana = await startSolanaSandbox({ slotMs: options.slotMs ?? 10 });
  const chains: ChainRuntime = {
    solana: { chainId: -5001, rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, mints: solana.mints, local: solana },
    evm: [],
    stop: () => solana.stop(),
  };
  const queue = await startQueue(database, log);
  // The tests' receivers listen on loopback, which a sandbox only reaches when it says so.
  const webhooks = await startWebhookWorker(queue, database, log, { destination: { allowLoopback: true } });
  const startWatcher = () =>
    startSolanaWatcher(paymentSink({ db: database.db, queue, log, isSanctioned: payerScreen(dataDir) }), log, {
      chainId: -5001,
      rpcUrl: solana.rpcUrl,
      wsUrl: solana.wsUrl,
      pollMs: options.pollMs ?? 100,
      wakeups: (onNew) => listenForNewPayments(database, onNew),
    });
  const watcher = await startWatcher();
  const deps: AppDeps = {
    ...testDeps(database, { SIGNIN_RATE_LIMIT: "1000", PAY_START_RATE_LIMIT: "1000", DATA_DIR: dataDir, PAYMENTS_ORIGIN: "http://pay.test", WEBHOOK_ALLOW_LOOPBACK: "true", ...env }, chains),
    queue,
  };
  const fixture: PayFixture = {
    deps,
    app: createApp(deps),
    payments: createPaymentsApp(deps),
    solana,
    connection: new Connection(solana.rpcUrl, { commitment: "confirmed", wsEndpoint: solana.wsUrl }),
    watcher,
    queue,
    dataDir,
    restartWatcher: async () => {
      const next = await startWatcher();
      fixture.watcher = next;
      return next;
    },
    stop: async () => {
      await fixture.watcher.stop();
      await webhooks.stop();
      await stopQueue(queue);
      await solana.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return fixture;
}

/** A signed-in merchant with a receiving wallet, optionally a webhook endpoint and callback, and one zLink. */
export async function merchantWithLink(
  f: PayFixture,
  link: Record<string, unknown> = { label: "Coffee beans", price: "12.5", currency: "USDC" },
  integration?: { endpoint?: string; callback?: string },
  billingCurrency?: string,
) {
  const merchant = await signInMerchant(f.app);
  // A fiat other than USD is offered to merchants billing in it (the profile screen sets this later).
  if (billingCurrency) await f.deps.database.db.update(users).set({ billingCurrency }).where(eq(users.id, merchant.id));
  const receiving = Keypair.generate().publicKey.toBase58();
  const attached = await callJson(f.app, "POST", "/api/wallet/networks", { address: receiving, type: "manual", version: 1 }, merchant.auth);
  if (attached.status !== 201) throw new Error(`attach failed: ${JSON.stringify(attached.body)}`);
  let secret: string | undefined;
  if (integration) {
    const saved = await callJson(f.app, "POST", "/api/integrations", integration, merchant.auth);
    if (saved.status !== 200) throw new Error(`integrations failed: ${JSON.stringify(saved.body)}`);
    secret = saved.body.data.secret;
  }
  const created = await callJson(f.app, "POST", "/api/quick-pays/create", link, merchant.auth);
  if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
  return { merchant, receiving, secret, link: created.body.data.info as { _id: string; hashedId: string } };
}

/** A payer wallet holding SOL for fees and test tokens (base units). */
export async function fundedPayer(f: PayFixture, usdc = 100_000_000n, usdt = 0n): Promise<Keypair> {
  const payer = Keypair.generate();
  await f.solana.airdrop(payer.publicKey.toBase58(), 1_000_000_000n);
  await f.solana.mintTokens(payer.publicKey.toBase58(), f.solana.mints.USDC, usdc);
  if (usdt > 0n) await f.solana.mintTokens(payer.publicKey.toBase58(), f.solana.mints.USDT, usdt);
  return payer;
}

/**
 * Builds the payment exactly as the pay page does (its own builder), lets a test tamper with the
 * info or the transaction, signs as the payer and sends it; answers the signature once confirmed.
 */
export async function pay(
  f: PayFixture,
  payer: Keypair,
  info: PaymentTransactionInfo,
  tamper: { info?: Partial<PaymentTransactionInfo>; transaction?: (tx: Transaction) => void; onSigned?: (signature: string) => void } = {},
): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await f.connection.getLatestBlockhash("confirmed");
  const tx = buildPaymentTransaction({ payer: payer.publicKey, info: { ...info, ...tamper.info }, blockhash, lastValidBlockHeight });
  tamper.transaction?.(tx);
  tx.sign(payer);
  tamper.onSigned?.(bs58.encode(tx.signature!));
  const signature = await f.connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
  await f.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
  return signature;
}

/** Appends another read-only reference to the transfer (one on-chain transfer naming two payments). */
export const addReference = (reference: string) => (tx: Transaction) => {
  const transfer = tx.instructions.find((ix) => ix.keys.length >= 4 && !ix.programId.toBase58().startsWith("Memo"));
  transfer!.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
};
