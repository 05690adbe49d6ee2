import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openDb, type Database } from "../db/client";
import { TEST_BACKENDS, createPostgresDatabase } from "../testing/databases";
import { testDeps } from "../testing/deps";
import { signInMerchant } from "../testing/merchants";
import { until, webhookReceiver } from "../testing/webhook-receiver";
import { deliverWebhookEvent } from "./webhooks";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CHILD = path.join(ROOT, "src/server/testing/deliver-in-child.ts");
/** The crashed process's lease: short, so the next run may claim the event soon after. */
const LEASE_MS = 1_000;

/** A database two processes can open in turn: a PGlite data directory, or a fresh PostgreSQL database. */
async function sharedDatabase(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-crash-"));
    return { env: { DATA_DIR: dataDir }, open: () => openDb({ dataDir }), drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const fresh = await createPostgresDatabase();
  return { env: { DATABASE_URL: fresh.url }, open: () => openDb({ databaseUrl: fresh.url }), drop: fresh.drop };
}

describe.each(TEST_BACKENDS)("a process killed between the webhook POST and its answer, on %s", (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("the attempt is already on record; the next run sends it again with the same webhook-id and the log shows both, the first as interrupted", async () => {
    const shared = await sharedDatabase(kind);
    cleanups.push(shared.drop);
    // The first request is accepted and never answered: the sender is killed while waiting.
    let answered = 0;
    const receiver = await webhookReceiver(() => (answered++ === 0 ? "hang" : 200));
    cleanups.push(receiver.close);

    let database: Database = await shared.open();
    let app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", WEBHOOK_ALLOW_LOOPBACK: "true" }));
    const call = async (method: string, p: string, auth: Record<string, string>, body?: unknown) =>
      app.request(`/api${p}`, { method, headers: { ...auth, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const m = await signInMerchant(app);
    const other = await signInMerchant(app);
    expect((await call("POST", "/integrations", m.auth, { endpoint: receiver.url })).status).toBe(200);
    const sent = await call("POST", "/integrations/test-event", m.auth);
    expect(sent.status).toBe(202);
    const eventId = ((await sent.json()) as { data: { _id: string } }).data._id;
    // The child opens the database itself (PGlite: one process owns the directory at a time).
    await database.close();

    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      cwd: ROOT,
      env: { ...process.env, ...shared.env, EVENT_ID: eventId, LEASE_MS: String(LEASE_MS) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
    await until(() => (receiver.requests.length === 1 ? true : child.exitCode !== null ? false : undefined), "the first POST", 240_000).then((got) => {
      if (!got) throw new Error(`the child exited before posting:\n${output}`);
    });
    // Crash: the request is out, no answer has come back.
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    database = await shared.open();
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", WEBHOOK_ALLOW_LOOPBACK: "true" }));
    const log = async (auth: Record<string, string>) =>
      ((await (await call("GET", "/integrations/deliveries", auth)).json()) as { data: { list: Record<string, unknown>[] } }).data.list;
    // Right after the crash the attempt is in the merchant's log, sent and unanswered.
    expect(await log(m.auth)).toMatchObject([
      { _id: eventId, status: "pending", attempts: 1, log: [{ attempt: 1, state: "sending", statusCode: null, error: null, durationMs: null, url: receiver.url }] },
    ]);

    // The next run (once the dead process's lease has run out) sends it again.
    await new Promise((r) => setTimeout(r, LEASE_MS + 100));
    const again = await deliverWebhookEvent({ db: database.db }, eventId, { destination: { allowLoopback: true } });
    expect(again.outcome).toBe("delivered");

    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([eventId, eventId]);
    const [entry] = await log(m.auth);
    expect(entry).toMatchObject({
      _id: eventId,
      status: "delivered",
      attempts: 2,
      log: [
        { attempt: 1, state: "interrupted", statusCode: null, durationMs: null },
        { attempt: 2, state: "done", statusCode: 200, error: null },
      ],
    });
    // Another merchant sees none of it.
    expect(await log(other.auth)).toEqual([]);
    await database.close();
  }, 300_000); // a child process starting tsx and PGlite: slow on a busy 2-core machine
});
