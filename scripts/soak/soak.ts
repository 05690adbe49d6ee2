import http from "node:http";
import { Connection, Keypair } from "@solana/web3.js";
import pg from "pg";
import { buildPaymentTransaction } from "../../src/components/pay/solana/build-payment-transaction";
import type { PaymentTransactionInfo } from "../../src/lib/pay-api";
import { signInMerchant } from "../../src/server/testing/merchants";
import { attachWalletAndLink, type PayApps } from "../../src/server/testing/pay-apps";
import { startCluster, type Cluster } from "../cluster.mjs";
import { startFaultProxy, type FaultMode, type FaultProxy } from "./fault-proxy";
import { startWebhookSink } from "./webhook-sink";

/**
 * The fault campaign (`npm run soak`): a two-process cluster on PostgreSQL with its chain host, real
 * payers (each signs a USDC transfer with the page's own transaction builder and sends it straight
 * to the local Solana network), and these faults, one after another, while payers pay:
 *   1. kill -9 of the process leading the Solana watcher;
 *   2. the chain's RPC and WebSocket refused (behind a TCP fault proxy) for `rpcCutMs`;
 *   3. the same, hung (connections held, nothing answered);
 *   4. the merchant's webhook endpoint answering 503 for `webhookDownMs`;
 *   5. SIGTERM of a process under keep-alive traffic.
 * Then it waits for every payment to be validated and every webhook delivered, and counts from the
 * database and the receiver: payments lost, credits and outbox rows per payment, deliveries the
 * receiver got twice and whether the delivery log shows each.
 */
export interface SoakOptions {
  databaseUrl: string;
  /** Payers in all, split over the four paying phases. */
  payers: number;
  rpcCutMs: number;
  rpcHangMs: number;
  webhookDownMs: number;
  /** How long to wait at the end for validation and deliveries. */
  settleMs: number;
  basePort?: number;
  /** Every line the cluster's processes print. */
  onLine?: (name: string, line: string) => void;
  /** Progress of the campaign. */
  say?: (text: string) => void;
}

export interface SoakResult {
  payments: number;
  validated: number;
  lost: number;
  doubleCredits: number;
  doubleOutboxRows: number;
  eventsDelivered: number;
  events: number;
  duplicateDeliveries: number;
  unloggedDuplicates: number;
  takeoverMs: number | undefined;
  cutRecoveryMs: number | undefined;
  hangRecoveryMs: number | undefined;
  startsRetried: number;
  startP50Ms: number;
  startP95Ms: number;
  /** After SIGTERM: how it exited, how long it took, requests answered meanwhile, requests cut mid-way (refused connections once it stopped listening are not counted). */
  sigtermExit: { code: number | null; signal: string | null; ms: number; answeredAfter: number; cut: number };
  nonJsonLogLines: number;
}

const SOLANA_LEADER = "solana-watcher:-5001";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};

/** The in-process test helpers speak to an app object; over HTTP it is a base URL. */
const overHttp = (base: string) => ({ request: (path: string, init?: RequestInit) => fetch(new URL(path, base), init) });

async function until<T>(what: string, deadlineMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`soak: ${what} did not happen within ${deadlineMs} ms`);
    await sleep(100);
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const say = options.say ?? (() => {});
  const sink = await startWebhookSink();
  const proxies: FaultProxy[] = [];
  const leads: { name: string; at: number }[] = [];
  let nonJsonLogLines = 0;
  let cluster: Cluster | undefined;
  const db = new pg.Client({ connectionString: options.databaseUrl });
  try {
    cluster = await startCluster({
      size: 2,
      databaseUrl: options.databaseUrl,
      basePort: options.basePort ?? 4621,
      chainHostPort: 0,
      chainHostEnv: { CHAIN_HOST_SOLANA_PORT: "0", CHAIN_HOST_EVM_PORTS: "0,0" },
      slotMs: 100,
      // The zpay processes reach the Solana network through fault proxies; payers go to it directly.
      env: async (host) => {
        const rpc = new URL(host.SOLANA_RPC_URL!);
        const ws = new URL(host.SOLANA_WS_URL!);
        proxies.push(await startFaultProxy({ host: rpc.hostname, port: Number(rpc.port) }), await startFaultProxy({ host: ws.hostname, port: Number(ws.port) }));
        return {
          SOLANA_RPC_URL: proxies[0]!.url("http"),
          SOLANA_WS_URL: proxies[1]!.url("ws"),
          WEBHOOK_ALLOW_LOOPBACK: "true",
          TRUST_PROXY: "1",
          RPC_TIMEOUT_MS: "2000",
          LOG_LEVEL: "info",
        };
      },
      onLine: (name, line) => {
        options.onLine?.(name, line);
        if (!line.startsWith("{")) {
          // Node's own deprecation notices are not the app's log.
          if (!/DeprecationWarning|--trace-deprecation/.test(line)) nonJsonLogLines++;
          return;
        }
        try {
          const entry = JSON.parse(line) as { msg?: string; leader?: string };
          if (entry.msg === "leading" && entry.leader === SOLANA_LEADER) leads.push({ name, at: Date.now() });
        } catch {
          nonJsonLogLines++;
        }
      },
    });
    const setChain = (mode: FaultMode) => proxies.forEach((p) => p.setMode(mode));
    const solanaRpc = cluster.chainHost.settings.SOLANA_RPC_URL!;
    const connection = new Connection(solanaRpc, "confirmed");
    const apps = cluster.apps;
    await db.connect();

    // The merchant: signed in, a receiving wallet, the webhook endpoint, one zLink.
    const app = overHttp(apps[0]!.appUrl);
    const merchant = await signInMerchant(app);
    const receiving = Keypair.generate().publicKey.toBase58();
    const { link } = await attachWalletAndLink(
      { app } as unknown as PayApps,
      merchant,
      { address: receiving, type: "manual", version: 1 },
      { label: "Soak", price: "1", currency: "USDC" },
      { endpoint: sink.url },
    );
    say(`merchant ${merchant.id}, link ${link.hashedId}`);

    // Payers, funded through the chain host's faucet.
    const faucet = async (path: string, body: Record<string, string>) => {
      const res = await fetch(new URL(path, cluster!.chainHost.url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`faucet ${path}: ${res.status} ${await res.text()}`);
    };
    const payers = Array.from({ length: options.payers }, () => Keypair.generate());
    const mints = JSON.parse(JSON.stringify(cluster.chainHost.settings)) as Record<string, string>;
    for (let i = 0; i < payers.length; i += 10) {
      await Promise.all(
        payers.slice(i, i + 10).map(async (payer) => {
          await faucet("/solana/airdrop", { address: payer.publicKey.toBase58(), lamports: "100000000" });
          await faucet("/solana/mint", { owner: payer.publicKey.toBase58(), mint: mints.SOLANA_USDC_MINT!, amount: "5000000" });
        }),
      );
    }
    say(`${payers.length} payers funded`);

    const startLatencies: number[] = [];
    let startsRetried = 0;
    const paid: string[] = [];
    let n = 0;
    const payOne = async (payer: Keypair): Promise<string> => {
      const i = n++;
      let info: PaymentTransactionInfo | undefined;
      for (let attempt = 0; !info; attempt++) {
        const target = apps[(i + attempt) % apps.length]!;
        const began = performance.now();
        try {
          const res = await fetch(`${target.paymentsUrl}/api/pay/${link.hashedId}/start`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `10.${(i >> 8) & 255}.${i & 255}.7` },
            body: JSON.stringify({ chainId: -5001, token: "USDC", payer: payer.publicKey.toBase58(), sessionId: `soak-session-${i}` }),
          });
          const body = (await res.json()) as { data: PaymentTransactionInfo };
          if (res.status !== 200 && res.status !== 503) throw new Error(`payer ${i}: start answered ${res.status} ${JSON.stringify(body)}`);
          if (res.status === 200) {
            startLatencies.push(performance.now() - began);
            info = body.data;
          } else {
            startsRetried++;
            await sleep(Number(res.headers.get("retry-after") ?? 1) * 1000);
          }
        } catch (error) {
          if (error instanceof Error && error.message.startsWith(`payer ${i}:`)) throw error;
          // That process is down (killed, restarting): the next attempt goes to the other one.
          startsRetried++;
          await sleep(200);
        }
        if (attempt > 200) throw new Error(`payer ${i} could not start a payment`);
      }
      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash("confirmed");
      const tx = buildPaymentTransaction({ payer: payer.publicKey, info, blockhash, lastValidBlockHeight });
      tx.sign(payer);
      const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
      await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
      paid.push(info.payment);
      return info.payment;
    };
    const status = async (payments: string[]) =>
      (await db.query<{ status: string; n: string }>("select status, count(*) as n from transactions where public_id = any($1) group by status", [payments])).rows;
    const allPaid = async (payments: string[]) => {
      const rows = await status(payments);
      const done = rows.filter((r) => r.status === "paid" || r.status === "validated").reduce((sum, r) => sum + Number(r.n), 0);
      return done === payments.length ? true : undefined;
    };
    const quarter = Math.max(1, Math.floor(payers.length / 4));
    const phase = (k: number) => payers.slice(k * quarter, k === 3 ? payers.length : (k + 1) * quarter);

    // 1. kill -9 of the Solana watcher's leader while payers pay.
    await until("a Solana watcher leader", 30_000, async () => (leads.length > 0 ? true : undefined));
    const first = phase(0);
    const firstPaying = Promise.all(first.slice(0, Math.ceil(first.length / 2)).map(payOne));
    await sleep(500);
    const leader = leads.at(-1)!;
    const victim = apps.find((a) => a.name === leader.name)!;
    const leadsBefore = leads.length;
    const killedAt = Date.now();
    victim.child.kill("SIGKILL");
    say(`killed ${victim.name} (pid ${victim.child.pid}), the Solana watcher's leader`);
    await firstPaying;
    await Promise.all(first.slice(Math.ceil(first.length / 2)).map(payOne));
    const takeover = await until("a new Solana leader", 60_000, async () => leads.slice(leadsBefore)[0]);
    const takeoverMs = takeover.at - killedAt;
    say(`${takeover.name} took the Solana watcher over in ${takeoverMs} ms`);
    await cluster.ready(victim.index);

    // 2 and 3. The chain refused, then hung, for the zpay processes while payers pay.
    const outage = async (mode: FaultMode, ms: number, group: Keypair[]) => {
      setChain(mode);
      say(`Solana RPC ${mode} for ${ms} ms`);
      const paying = Promise.all(group.map(payOne));
      await sleep(ms);
      setChain("pass");
      const restored = Date.now();
      const payments = await paying;
      await until(`payments of the ${mode} phase paid`, 120_000, () => allPaid(payments));
      return Date.now() - restored;
    };
    const cutRecoveryMs = await outage("refuse", options.rpcCutMs, phase(1));
    say(`paid again ${cutRecoveryMs} ms after the RPC came back`);
    const hangRecoveryMs = await outage("hang", options.rpcHangMs, phase(2));
    say(`paid again ${hangRecoveryMs} ms after the RPC answered again`);

    // 4. The webhook endpoint down.
    sink.setUp(false);
    say(`webhook endpoint down for ${options.webhookDownMs} ms`);
    const lastPaying = Promise.all(phase(3).map(payOne));
    await sleep(options.webhookDownMs);
    sink.setUp(true);
    await lastPaying;

    // 5. SIGTERM under keep-alive traffic.
    const target = apps[1]!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    let answeredAfter = 0;
    let cut = 0;
    let termAt = 0;
    let hammering = true;
    const hammer = async () => {
      while (hammering) {
        await new Promise<void>((resolve) => {
          const req = http.get(`${target.appUrl}/api/health/live`, { agent }, (res) => {
            res.resume();
            res.on("end", () => {
              if (termAt) answeredAfter++;
              resolve();
            });
          });
          req.on("error", (error: NodeJS.ErrnoException) => {
            if (termAt && error.code !== "ECONNREFUSED") cut++;
            resolve();
          });
        });
        if (termAt && target.child.exitCode !== null) break;
      }
    };
    const hammers = Array.from({ length: 8 }, hammer);
    await sleep(500);
    const exited = target.exited;
    termAt = Date.now();
    target.child.kill("SIGTERM");
    const exit = await exited;
    const sigtermMs = Date.now() - termAt;
    hammering = false;
    await Promise.all(hammers);
    agent.destroy();
    say(`SIGTERM: exited ${exit.signal ?? exit.code} after ${sigtermMs} ms`);
    await cluster.ready(target.index);

    // Everything validated and delivered?
    const end = Date.now() + options.settleMs;
    let validated = 0;
    let delivered = 0;
    let events = 0;
    for (;;) {
      validated = Number((await status(paid)).find((r) => r.status === "validated")?.n ?? 0);
      const hooks = (await db.query<{ status: string; n: string }>("select status, count(*) as n from webhook_events where user_id = $1 group by status", [merchant.id])).rows;
      events = hooks.reduce((sum, r) => sum + Number(r.n), 0);
      delivered = Number(hooks.find((r) => r.status === "delivered")?.n ?? 0);
      if ((validated === paid.length && delivered === events && events >= 2 * paid.length) || Date.now() > end) break;
      await sleep(1000);
    }
    const doubleCredits = (
      await db.query("select c.transaction_id from payment_credits c join transactions t on t.id = c.transaction_id where t.public_id = any($1) group by 1 having count(*) > 1", [paid])
    ).rowCount;
    const doubleOutboxRows = (await db.query("select transaction_id, type from webhook_events where user_id = $1 group by 1, 2 having count(*) > 1", [merchant.id])).rowCount;
    // A duplicate is logged when the delivery log has at least as many attempts for the event as the receiver got posts.
    const attempts = new Map(
      (await db.query<{ event_id: string; n: string }>("select event_id, count(*) as n from webhook_attempts where user_id = $1 group by 1", [merchant.id])).rows.map((r) => [r.event_id, Number(r.n)]),
    );
    const duplicates = [...sink.receipts].filter(([, count]) => count > 1);
    return {
      payments: paid.length,
      validated,
      lost: paid.length - validated,
      doubleCredits: doubleCredits ?? 0,
      doubleOutboxRows: doubleOutboxRows ?? 0,
      eventsDelivered: delivered,
      events,
      duplicateDeliveries: duplicates.length,
      unloggedDuplicates: duplicates.filter(([id, count]) => (attempts.get(id) ?? 0) < count).length,
      takeoverMs,
      cutRecoveryMs,
      hangRecoveryMs,
      startsRetried,
      startP50Ms: percentile(startLatencies, 50),
      startP95Ms: percentile(startLatencies, 95),
      sigtermExit: { code: exit.code, signal: exit.signal, ms: sigtermMs, answeredAfter, cut },
      nonJsonLogLines,
    };
  } finally {
    await db.end().catch(() => {});
    await cluster?.stop();
    await Promise.all(proxies.map((p) => p.close()));
    await sink.close();
  }
}

/** The result as the README's table rows. */
export function soakTable(r: SoakResult): string {
  const rows: [string, string][] = [
    ["payments paid / validated / lost", `${r.payments} / ${r.validated} / ${r.lost}`],
    ["payments credited twice; outbox rows twice", `${r.doubleCredits}; ${r.doubleOutboxRows}`],
    ["webhook events delivered", `${r.eventsDelivered} of ${r.events}`],
    ["deliveries received twice (unlogged)", `${r.duplicateDeliveries} (${r.unloggedDuplicates})`],
    ["kill -9 of the Solana watcher's leader: takeover", r.takeoverMs === undefined ? "—" : `${r.takeoverMs} ms`],
    ["RPC refused: all paid after it came back", r.cutRecoveryMs === undefined ? "—" : `${r.cutRecoveryMs} ms`],
    ["RPC hung: all paid after it answered again", r.hangRecoveryMs === undefined ? "—" : `${r.hangRecoveryMs} ms`],
    ["pay starts p50 / p95 (retried: 503 or process down)", `${r.startP50Ms} / ${r.startP95Ms} ms (${r.startsRetried})`],
    [
      "SIGTERM under keep-alive: exit code, time, answered after it, cut mid-request",
      `${r.sigtermExit.signal ?? r.sigtermExit.code}, ${r.sigtermExit.ms} ms, ${r.sigtermExit.answeredAfter}, ${r.sigtermExit.cut}`,
    ],
    ["log lines that are not JSON", String(r.nonJsonLogLines)],
  ];
  return ["| measure | result |", "|---|---|", ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join("\n");
}
