import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Connection, Keypair } from "@solana/web3.js";
import { startSolanaSandbox, type SolanaSandbox } from "@/sandbox/solana";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { Database } from "../db/client";
import { paymentCredits, transactions } from "../db/schema";
import { openTestDb } from "../testing/databases";
import { signInMerchant } from "../testing/merchants";
import { callJson, pay, type PayFixture } from "../testing/pay-fixture";
import { until, webhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const MAIN = path.join(ROOT, "src/server/main.ts");

/** A `npm start`-like server process (its own pg-boss, webhook worker and watcher candidate) on the shared database and chain. */
interface ServerProcess {
  name: string;
  child: ChildProcess;
  /** Parsed pino lines so far. */
  logs: { msg?: string; leader?: string; app?: string; payments?: string }[];
  app: { request: (p: string, init?: RequestInit) => Promise<Response> };
  payments: { request: (p: string, init?: RequestInit) => Promise<Response> };
  leads: () => boolean;
}

async function startServerProcess(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const logs: ServerProcess["logs"] = [];
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.resume();
  const running = await until(() => logs.find((l) => l.app && l.payments) ?? (child.exitCode !== null ? { app: "", payments: "" } : undefined), `${name} serving`, 60_000);
  if (!running.app) throw new Error(`${name} exited with ${child.exitCode}`);
  const client = (base: string) => ({ request: (p: string, init?: RequestInit) => fetch(new URL(p, base), init) });
  return {
    name,
    child,
    logs,
    app: client(running.app!),
    payments: client(running.payments!),
    leads: () => logs.some((l) => l.msg === "leading" && l.leader?.startsWith("solana-watcher")),
  };
}

async function stopProcess(p: ServerProcess | undefined) {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((r) => p.child.once("exit", r));
  p.child.kill("SIGTERM");
  const timer = setTimeout(() => p.child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("one watcher per chain across server processes (postgres)", () => {
  let database: Database;
  let solana: SolanaSandbox;
  let hooks: WebhookReceiver;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await openTestDb("postgres");
    // One chain both processes see, run by the test (a sandbox process would start its own otherwise).
    solana = await startSolanaSandbox({ slotMs: 100 });
    hooks = await webhookReceiver([200]);
    const env = (name: string) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `zpay-failover-${name}-`));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: database.connectionString!,
        APP_PORT: "0",
        PAYMENTS_PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        ZPAY_MODE: "sandbox",
        SOLANA_RPC_URL: solana.rpcUrl,
        SOLANA_WS_URL: solana.wsUrl,
        SOLANA_USDC_MINT: solana.mints.USDC,
        SOLANA_USDT_MINT: solana.mints.USDT,
        WATCHER_POLL_MS: "200",
        WATCHER_LEADER_RETRY_MS: "300",
        WEBHOOK_ALLOW_LOOPBACK: "true",
        PAY_START_RATE_LIMIT: "1000",
        SIGNIN_RATE_LIMIT: "1000",
      };
    };
    // B first, so B leads; A serves the routes the payer uses.
    b = await startServerProcess("B", env("b"));
    await until(() => (b!.leads() ? true : undefined), "B leading", 30_000);
    a = await startServerProcess("A", env("a"));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b)]);
    await hooks?.close();
    await solana?.stop();
    await database?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("payments started on a follower are watched by the leader; after the leader is killed mid-payment the follower takes over, crediting once and sending each webhook once", async () => {
    const merchant = await signInMerchant(a!.app);
    const receiving = Keypair.generate().publicKey.toBase58();
    expect((await callJson(a!.app, "POST", "/api/wallet/networks", { address: receiving, type: "manual", version: 1 }, merchant.auth)).status).toBe(201);
    expect((await callJson(a!.app, "POST", "/api/integrations", { endpoint: hooks.url }, merchant.auth)).status).toBe(200);
    const link = (await callJson(a!.app, "POST", "/api/quick-pays/create", { label: "Tea", price: "10", currency: "USDC" }, merchant.auth)).body.data.info as {
      hashedId: string;
    };
    const connection = new Connection(solana.rpcUrl, { commitment: "confirmed", wsEndpoint: solana.wsUrl });
    const chain = { connection } as PayFixture; // `pay` only needs the connection
    const startOnA = async (i: number) => {
      const payer = Keypair.generate();
      await solana.airdrop(payer.publicKey.toBase58(), 1_000_000_000n);
      await solana.mintTokens(payer.publicKey.toBase58(), solana.mints.USDC, 100_000_000n);
      const started = await callJson(a!.payments, "POST", `/api/pay/${link.hashedId}/start`, {
        chainId: -5001,
        token: "USDC",
        payer: payer.publicKey.toBase58(),
        sessionId: `failover-${i}`,
      });
      expect(started.status).toBe(200);
      return { payer, info: started.body.data as PaymentTransactionInfo };
    };
    const statusOf = async (publicId: string) => (await database.db.select().from(transactions).where(eq(transactions.publicId, publicId)))[0]?.status;
    const hooksOf = (publicId: string, type: string) =>
      hooks.requests.filter((r) => {
        const body = JSON.parse(r.body) as { type: string; data: { publicId: string } };
        return body.type === type && body.data.publicId === publicId;
      });

    // 1. Started on A, which does not lead: B's watcher finds it in the table and validates it.
    const first = await startOnA(1);
    await pay(chain, first.payer, first.info);
    await until(async () => ((await statusOf(first.info.payment)) === "validated" ? true : undefined), "first payment validated", 30_000);
    expect(a!.leads()).toBe(false);

    // 2. Started on A; once B has seen it paid, B dies without a word (kill -9) before finality.
    const second = await startOnA(2);
    await pay(chain, second.payer, second.info);
    await until(() => (hooksOf(second.info.payment, "payment.paid").length > 0 ? true : undefined), "second payment.paid webhook", 30_000);
    expect(await statusOf(second.info.payment)).toBe("paid");
    b!.child.kill("SIGKILL");
    await until(() => (a!.leads() ? true : undefined), "A takes over", 30_000);
    await until(async () => ((await statusOf(second.info.payment)) === "validated" ? true : undefined), "second payment validated by A", 30_000);
    await until(() => (hooksOf(second.info.payment, "payment.validated").length > 0 ? true : undefined), "second payment.validated webhook", 30_000);

    // Nothing lost, nothing twice: one credit per payment, each event delivered once.
    for (const { info } of [first, second]) {
      const [row] = await database.db.select().from(transactions).where(eq(transactions.publicId, info.payment));
      expect(await database.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, row!.id))).toHaveLength(1);
    }
    await new Promise((r) => setTimeout(r, 1_000)); // room for a stray duplicate to show up
    for (const { info } of [first, second]) {
      expect(hooksOf(info.payment, "payment.paid")).toHaveLength(1);
      expect(hooksOf(info.payment, "payment.validated")).toHaveLength(1);
    }
    const ids = hooks.requests.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
  }, 120_000);
});
