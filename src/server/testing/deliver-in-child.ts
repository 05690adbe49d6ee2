/**
 * A webhook delivery in a process of its own, for the crash test (jobs/webhook-crash.test.ts):
 * opens the database named by DATABASE_URL or DATA_DIR, makes one attempt of EVENT_ID with a
 * LEASE_MS lease, and exits. The test kills it with SIGKILL while the receiver holds the request.
 */
import { openDb } from "../db/client";
import { deliverWebhookEvent } from "../jobs/webhooks";

const { DATABASE_URL, DATA_DIR, EVENT_ID, LEASE_MS } = process.env;
if (!EVENT_ID || (!DATABASE_URL && !DATA_DIR)) throw new Error("EVENT_ID and DATABASE_URL or DATA_DIR are required");
const database = await openDb(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: DATA_DIR! });
const result = await deliverWebhookEvent({ db: database.db }, EVENT_ID, {
  destination: { allowLoopback: true },
  timeoutMs: 120_000,
  leaseMs: Number(LEASE_MS ?? 60_000),
});
await database.close();
console.log(JSON.stringify({ outcome: result.outcome }));
