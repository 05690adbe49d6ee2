import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDb } from "./db/client";
import { webhookAttempts, webhookEvents } from "./db/schema";
import { signInMerchant } from "./testing/merchants";
import { until, webhookReceiver } from "./testing/webhook-receiver";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAIN = path.join(ROOT, "src/server/main.ts");
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Keep-alive clients sending back to back, and how many requests each sends at most. */
const CLIENTS = 8;
const MAX_REQUESTS = 5_000;

type Outcome = "answered" | "refused" | "broken";

/** One GET on a keep-alive agent: answered (status and whole body), refused at connect, or broken. */
function get(agent: http.Agent, url: string): Promise<{ outcome: Outcome; close?: boolean; detail?: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      const expected = Number(res.headers["content-length"] ?? -1);
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () =>
        resolve(
          res.statusCode === 200 && (expected < 0 || bytes === expected)
            ? { outcome: "answered", close: res.headers.connection === "close" }
            : { outcome: "broken", detail: `status ${res.statusCode}, ${bytes}/${expected} bytes` },
        ),
      );
      res.on("error", (err) => resolve({ outcome: "broken", detail: String(err) }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED" ? { outcome: "refused" } : { outcome: "broken", detail: `${err.code} ${err.message}` }));
  });
}

describe("SIGTERM under keep-alive traffic", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-shutdown-"));
  const cleanups: (() => Promise<void> | void)[] = [() => fs.rmSync(dataDir, { recursive: true, force: true })];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("answers or refuses every request, sends keep-alive clients away, records the webhook in flight and exits 0 within SHUTDOWN_TIMEOUT_MS", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        APP_PORT: "0",
        PAYMENTS_PORT: "0",
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        ZPAY_MODE: "sandbox",
        SOLANA_RPC_URL: "",
        EVM_RPC_URLS: "",
        WEBHOOK_ALLOW_LOOPBACK: "true",
        SIGNIN_RATE_LIMIT: "100",
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    cleanups.push(() => void (child.exitCode === null && child.signalCode === null && child.kill("SIGKILL")));
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const app = await until(
      () => {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode} before serving:\n${output}`);
        const line = output.split("\n").find((l) => l.includes("zpay is running"));
        return line ? (JSON.parse(line) as { app: string }).app : undefined;
      },
      "the server to serve",
      180_000,
    );
    const api = { request: (p: string, init?: RequestInit) => fetch(new URL(p, app), init) };

    // A webhook in flight at the signal: the receiver takes the request and never answers.
    const receiver = await webhookReceiver(() => "hang");
    cleanups.push(receiver.close);
    const m = await signInMerchant(api);
    const json = { ...m.auth, "content-type": "application/json" };
    expect((await api.request("/api/integrations", { method: "POST", headers: json, body: JSON.stringify({ endpoint: receiver.url }) })).status).toBe(200);
    expect((await api.request("/api/integrations/test-event", { method: "POST", headers: m.auth })).status).toBe(202);
    await until(() => (receiver.requests.length > 0 ? true : undefined), "the webhook to be in flight", 30_000);

    // Keep-alive readers sending back to back until refused (bounded).
    let signalledAt = 0;
    const tally = { answered: 0, answeredAfterSignal: 0, toldToClose: 0, refused: 0, broken: [] as string[] };
    const readers = Array.from({ length: CLIENTS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < MAX_REQUESTS; i++) {
          const r = await get(agent, `${app}/api/health`);
          if (r.outcome === "answered") {
            tally.answered++;
            if (signalledAt) tally.answeredAfterSignal++;
            if (r.close) tally.toldToClose++;
          } else if (r.outcome === "refused") {
            tally.refused++;
            return;
          } else tally.broken.push(r.detail ?? "");
          if (child.exitCode !== null) return;
        }
      } finally {
        agent.destroy();
      }
    });
    await until(() => (tally.answered >= CLIENTS * 20 ? true : undefined), "keep-alive traffic", 30_000);

    signalledAt = Date.now();
    child.kill("SIGTERM");
    const code = await exited;
    const stopMs = Date.now() - signalledAt;
    await Promise.all(readers);

    expect({ code, broken: tally.broken }, output.slice(-3000)).toEqual({ code: 0, broken: [] });
    expect(stopMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(output).toContain("stopped cleanly");
    // Every reader was sent away (a response saying Connection: close, then a refused connect).
    expect(tally.refused).toBe(CLIENTS);
    console.info(`stopped in ${stopMs} ms; ${tally.answered} answered (${tally.answeredAfterSignal} after SIGTERM, ${tally.toldToClose} with Connection: close), ${tally.refused} refused`);

    // The webhook in flight was cut short at the drain deadline and recorded, not lost.
    const database = await openDb({ dataDir });
    cleanups.push(() => database.close());
    const attempts = await database.db.select().from(webhookAttempts).where(eq(webhookAttempts.userId, m.id));
    expect(attempts).toMatchObject([{ attempt: 1, state: "interrupted", statusCode: null }]);
    const [event] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, attempts[0]!.eventId));
    expect(event).toMatchObject({ status: "pending", attempts: 1 });
  }, 300_000); // starts the whole server with its local chains: slow on a busy 2-core machine
});
