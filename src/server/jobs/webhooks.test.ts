import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Database } from "../db/client";
import { merchantIntegrations, users, webhookAttempts, webhookEvents } from "../db/schema";
import { createLogger } from "../logger";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { until, webhookReceiver as receiver, type WebhookReceiver } from "../testing/webhook-receiver";
import { applyFact, createTransaction } from "../payments/service";
import { newWebhookSecret } from "../modules/integrations/service";
import { startQueue, stopQueue, type Queue } from "./queue";
import { deliverWebhookEvent, enqueueWebhookEvents, redeliverWebhookEvent, startWebhookWorker, sweepWebhookEvents, type WebhookWorker } from "./webhooks";
import { openDb } from "../db/client";

/** The tests' receivers listen on loopback, which a sandbox reaches only when it says so. */
const LOCAL = { destination: { allowLoopback: true } };
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";

/** A merchant with a webhook endpoint (or the given one), and one payment.paid event in the outbox for them. */
async function paidEventIn(database: Database, apiHook: string, queue?: Queue, userId?: string) {
  let u = { id: userId ?? "" };
  let secret = newWebhookSecret();
  if (userId) [{ secret }] = await database.db.select().from(merchantIntegrations).where(eq(merchantIntegrations.userId, userId));
  else {
    [u] = await database.db
      .insert(users)
      .values({
        publicKey: randomBytes(16).toString("hex"),
        referralCode: randomBytes(5).toString("hex"),
        settings: { isOnboarded: true, permissions: [], rampOnly: false, isNonCustodial: false, version: 1, restrictUserToChains: [] },
      })
      .returning();
    await database.db.insert(merchantIntegrations).values({ userId: u.id, secret, apiHook });
  }
  const tx = await createTransaction(database.db, {
    productType: "quick-pay",
    productId: randomUUID(),
    userId: u.id,
    chainId: -5001,
    token: "USDC",
    tokenAddress: MINT,
    decimals: 6,
    recipient: "Merchant11111111111111111111111111111111111",
    recipientTokenAccount: ATA,
    requestedAmount: 5_000_000n,
    reference: `ref-${randomBytes(8).toString("hex")}`,
  });
  const applied = await applyFact({ db: database.db }, tx.id, {
    kind: "transfer",
    chainId: -5001,
    reference: tx.reference,
    signature: `sig-${randomBytes(8).toString("hex")}`,
    instructionIndex: 0,
    payer: "Payer111111111111111111111111111111111111111",
    recipientTokenAccount: ATA,
    mint: MINT,
    amount: 5_000_000n,
    commitment: "confirmed",
  });
  // What the payment sink does once the change is committed.
  if (queue) await enqueueWebhookEvents(queue, applied!.eventIds);
  return { userId: u.id, secret, transaction: tx, eventId: applied!.eventIds[0] };
}

describe.each(TEST_BACKENDS)("webhook delivery on %s", (kind) => {
  let database: Database;
  const receivers: Awaited<ReturnType<typeof receiver>>[] = [];
  beforeAll(async () => {
    database = await openTestDb(kind);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await database.close();
  });

  async function hook(statuses: Parameters<typeof receiver>[0]) {
    const r = await receiver(statuses);
    receivers.push(r);
    return r;
  }

  const paidEvent = (apiHook: string, queue?: Queue, userId?: string) => paidEventIn(database, apiHook, queue, userId);

  const attemptsOf = (eventId: string) =>
    database.db.select().from(webhookAttempts).where(eq(webhookAttempts.eventId, eventId)).orderBy(webhookAttempts.attempt);
  const eventRow = async (eventId: string) => (await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)))[0];

  it("posts the event signed the Standard Webhooks way; the receiver verifies it", async () => {
    const r = await hook([200]);
    const { secret, eventId, transaction } = await paidEvent(r.url);
    const result = await deliverWebhookEvent({ db: database.db }, eventId, LOCAL);
    expect(result.outcome).toBe("delivered");

    expect(r.requests).toHaveLength(1);
    const { headers, body } = r.requests[0];
    expect(headers["webhook-id"]).toBe(eventId);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(body, headers as Record<string, string>) as Record<string, unknown>;
    expect(verified).toMatchObject({
      type: "payment.paid",
      data: { _id: transaction.id, publicId: transaction.publicId, status: "paid", requestedAmount: { value: "5000000", decimals: 6, currency: "USDC" } },
    });
    expect(Object.keys(verified).sort()).toEqual(["data", "timestamp", "type"]);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("5000000", "5000001"), headers as Record<string, string>)).toThrow();

    // Only the status is kept: the receiver's words ("ok") are not.
    expect(await attemptsOf(eventId)).toMatchObject([{ attempt: 1, statusCode: 200, error: null, nextRetryAt: null, url: r.url, responseBody: null, manual: false }]);
    expect(await eventRow(eventId)).toMatchObject({ status: "delivered", attempts: 1, nextAttemptAt: null, leaseUntil: null });
    // Delivered: nothing more is due.
    expect((await deliverWebhookEvent({ db: database.db }, eventId, LOCAL)).outcome).toBe("not_due");
  });

  it("retries on its schedule: fails twice, then succeeds, three attempts logged", async () => {
    const r = await hook([500, 503, 204]);
    const { eventId } = await paidEvent(r.url);
    let clock = new Date("2030-01-01T00:00:00.000Z");
    const options = { ...LOCAL, retryScheduleMs: [10_000, 60_000, 300_000], now: () => clock };
    const deps = { db: database.db };

    expect((await deliverWebhookEvent(deps, eventId, options)).outcome).toBe("retry");
    // Not due before its retry time.
    clock = new Date(clock.getTime() + 9_000);
    expect((await deliverWebhookEvent(deps, eventId, options)).outcome).toBe("not_due");
    clock = new Date(clock.getTime() + 1_000);
    expect((await deliverWebhookEvent(deps, eventId, options)).outcome).toBe("retry");
    clock = new Date(clock.getTime() + 60_000);
    expect((await deliverWebhookEvent(deps, eventId, options)).outcome).toBe("delivered");

    const log = await attemptsOf(eventId);
    expect(log.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, "HTTP 500"],
      [2, 503, "HTTP 503"],
      [3, 204, null],
    ]);
    expect(log.map((a) => a.nextRetryAt?.toISOString() ?? null)).toEqual(["2030-01-01T00:00:10.000Z", "2030-01-01T00:01:10.000Z", null]);
    expect(r.requests.map((q) => q.headers["webhook-id"])).toEqual([eventId, eventId, eventId]);
    expect(await eventRow(eventId)).toMatchObject({ status: "delivered", attempts: 3 });
  });

  it("gives up after the last retry; the merchant's redelivery starts again and succeeds", async () => {
    let status = 500;
    const r = await hook(() => status);
    const { eventId, userId } = await paidEvent(r.url);
    const options = { ...LOCAL, retryScheduleMs: [0] };
    expect((await deliverWebhookEvent({ db: database.db }, eventId, options)).outcome).toBe("retry");
    expect((await deliverWebhookEvent({ db: database.db }, eventId, options)).outcome).toBe("failed");
    expect(await eventRow(eventId)).toMatchObject({ status: "failed", nextAttemptAt: null, attempts: 2 });
    expect((await deliverWebhookEvent({ db: database.db }, eventId, options)).outcome).toBe("not_due");

    expect(await redeliverWebhookEvent({ db: database.db }, randomUUID(), eventId)).toBeUndefined(); // not theirs
    expect(await redeliverWebhookEvent({ db: database.db }, userId, eventId)).toMatchObject({ status: "pending", cycleAttempts: 0 });
    status = 200;
    expect((await deliverWebhookEvent({ db: database.db }, eventId, { ...options, manual: true })).outcome).toBe("delivered");
    expect((await attemptsOf(eventId)).map((a) => [a.attempt, a.statusCode, a.manual])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
  });

  it("a shutdown cutting an attempt short records it as interrupted (no answer recorded), counted, and retried on the schedule", async () => {
    const r = await hook(() => "hang");
    const { eventId } = await paidEvent(r.url);
    const stop = new AbortController();
    const delivering = deliverWebhookEvent({ db: database.db }, eventId, { ...LOCAL, stop: stop.signal, retryScheduleMs: [10_000] });
    await until(() => (r.requests.length > 0 ? true : undefined), "the POST");
    // On record while the receiver holds the request.
    expect(await attemptsOf(eventId)).toMatchObject([{ attempt: 1, state: "sending", statusCode: null, durationMs: null }]);
    stop.abort();
    const result = await delivering;
    expect(result.outcome).toBe("retry");
    expect(await attemptsOf(eventId)).toMatchObject([{ attempt: 1, state: "interrupted", statusCode: null, error: null, nextRetryAt: expect.any(Date) }]);
    expect(await eventRow(eventId)).toMatchObject({ status: "pending", attempts: 1, cycleAttempts: 1, leaseUntil: null });
  });

  it("a crash during the schedule's last attempt counts it: the event fails without a send beyond the schedule", async () => {
    const r = await hook([200]);
    const { eventId, userId } = await paidEvent(r.url);
    // What a process killed mid-send leaves: its attempt `sending`, the cycle used up, its lease run out.
    await database.db.insert(webhookAttempts).values({ eventId, userId, attempt: 2, url: r.url, state: "sending", startedAt: new Date(Date.now() - 120_000) });
    await database.db.update(webhookEvents).set({ attempts: 2, cycleAttempts: 2, leaseUntil: new Date(Date.now() - 60_000) }).where(eq(webhookEvents.id, eventId));
    expect((await deliverWebhookEvent({ db: database.db }, eventId, { ...LOCAL, retryScheduleMs: [0] })).outcome).toBe("exhausted");
    expect(r.requests).toHaveLength(0);
    expect(await eventRow(eventId)).toMatchObject({ status: "failed", attempts: 2, nextAttemptAt: null });
    expect(await attemptsOf(eventId)).toMatchObject([{ attempt: 2, state: "interrupted" }]);
  });

  it("logs a network error and a timeout as failed attempts", async () => {
    const closed = await receiver([200]);
    await closed.close();
    const down = await paidEvent(closed.url);
    const result = await deliverWebhookEvent({ db: database.db }, down.eventId, LOCAL);
    expect(result.outcome).toBe("retry");
    expect((await attemptsOf(down.eventId))[0]).toMatchObject({ statusCode: null, error: "unreachable" });

    const slow = await hook(() => "hang");
    const hung = await paidEvent(slow.url);
    await deliverWebhookEvent({ db: database.db }, hung.eventId, { ...LOCAL, timeoutMs: 200 });
    expect((await attemptsOf(hung.eventId))[0]).toMatchObject({ statusCode: null, error: "timeout" });
  });

  it("refuses at send time an endpoint that leads to this machine or a private network; nothing reaches the receiver", async () => {
    const r = await hook([200]);
    const port = new URL(r.url).port;
    // A name whose DNS answer is loopback, as 127.0.0.1.nip.io's is.
    const lookup = async () => [{ address: "127.0.0.1", family: 4 as const }];
    const cases: [string, { allowLoopback?: boolean }][] = [
      [`http://127.0.0.1:${port}/hooks`, {}],
      [`http://127.0.0.1.nip.io:${port}/hooks`, {}],
      [`http://0.0.0.0:${port}/hooks`, { allowLoopback: true }],
      [`http://[::ffff:127.0.0.1]:${port}/hooks`, { allowLoopback: true }],
      [`http://[::7f00:1]:${port}/hooks`, { allowLoopback: true }],
      [`http://198.18.0.1:${port}/hooks`, {}],
      [`http://100.64.0.1:${port}/hooks`, {}],
      [`http://169.254.169.254/latest/meta-data`, {}],
      [`http://[fd00::1]:${port}/hooks`, {}],
      [`http://[fe80::1]:${port}/hooks`, {}],
    ];
    for (const [url, policy] of cases) {
      // Saved before the rule existed, or by writing the row directly: the send checks again.
      const { eventId } = await paidEvent(url);
      const result = await deliverWebhookEvent({ db: database.db }, eventId, { destination: { ...policy, lookup } });
      expect(result.outcome, url).toBe("retry");
      expect((await attemptsOf(eventId))[0], url).toMatchObject({ statusCode: null, error: "destination refused" });
    }
    expect(r.requests).toHaveLength(0);
  });

  it("does not follow redirects (a 3xx is a failed attempt)", async () => {
    const r = await hook([302]);
    const { eventId } = await paidEvent(r.url);
    expect((await deliverWebhookEvent({ db: database.db }, eventId, LOCAL)).outcome).toBe("retry");
    expect((await attemptsOf(eventId))[0].statusCode).toBe(302);
  });

  it("stops when the merchant removed the endpoint", async () => {
    const r = await hook([200]);
    const { eventId, userId } = await paidEvent(r.url);
    await database.db.update(merchantIntegrations).set({ apiHook: null }).where(eq(merchantIntegrations.userId, userId));
    expect((await deliverWebhookEvent({ db: database.db }, eventId, LOCAL)).outcome).toBe("no_endpoint");
    expect(r.requests).toHaveLength(0);
    expect((await eventRow(eventId)).status).toBe("no_endpoint");
  });

  describe("through the pg-boss worker", () => {
    let boss: Queue;
    beforeAll(async () => {
      boss = await startQueue(database, createLogger("silent"));
      await startWebhookWorker(boss, database, createLogger("silent"), {
        ...LOCAL,
        retryScheduleMs: [50, 50, 50],
        pollingIntervalSeconds: 0.5,
        notifyPollingIntervalSeconds: 0.5,
      });
    });
    afterAll(() => stopQueue(boss));

    it("delivers what applyFact enqueued, retrying a receiver that fails twice, each request verifiable", async () => {
      const r = await hook([500, 500, 200]);
      const { eventId, secret } = await paidEvent(r.url, boss);
      const event = await until(async () => {
        const row = await eventRow(eventId);
        return row.status === "delivered" ? row : undefined;
      }, "the delivery");
      expect(event.attempts).toBe(3);
      expect((await attemptsOf(eventId)).map((a) => a.statusCode)).toEqual([500, 500, 200]);
      for (const q of r.requests) expect(new Webhook(secret).verify(q.body, q.headers as Record<string, string>)).toMatchObject({ type: "payment.paid" });
    });

    it("the sweeper delivers an event whose job was never sent", async () => {
      const r = await hook([200]);
      const { eventId } = await paidEvent(r.url); // no queue: nothing enqueued
      expect((await eventRow(eventId)).status).toBe("pending");
      expect(await sweepWebhookEvents({ db: database.db, queue: boss })).toBeGreaterThanOrEqual(1);
      await until(async () => ((await eventRow(eventId)).status === "delivered" ? true : undefined), "the swept delivery");
      expect(r.requests).toHaveLength(1);
    });
  });
});

describe.each(TEST_BACKENDS)("webhook worker: woken on commit, fair between merchants, on %s", (kind) => {
  let database: Database;
  let boss: Queue;
  let worker: WebhookWorker;
  const receivers: WebhookReceiver[] = [];
  /** Polls so rare that nothing in these tests can be delivered through a poll. */
  const NO_POLL = { pollingIntervalSeconds: 600, notifyPollingIntervalSeconds: 600 };
  beforeAll(async () => {
    database = await openTestDb(kind);
    boss = await startQueue(database, createLogger("silent"));
    // A long attempt timeout: a hanging receiver really hangs for the whole test.
    worker = await startWebhookWorker(boss, database, createLogger("silent"), { ...LOCAL, ...NO_POLL, timeoutMs: 120_000, limits: { perMerchant: 2 } });
  });
  afterAll(async () => {
    // Closing the receivers ends hanging attempts, so the worker can stop.
    await Promise.all(receivers.map((r) => r.close()));
    await worker.stop();
    await stopQueue(boss);
    await database.close();
  });
  async function hook(statuses: Parameters<typeof receiver>[0]) {
    const r = await receiver(statuses);
    receivers.push(r);
    return r;
  }
  const status = async (eventId: string) => (await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)))[0].status;
  const delivered = (eventId: string, what: string) => until(async () => ((await status(eventId)) === "delivered" ? true : undefined), what);

  it("an event enqueued after commit is delivered at once, not at the next poll", async () => {
    const r = await hook([200]);
    const { eventId } = await paidEventIn(database, r.url, boss);
    // The poll is ten minutes away: only the NOTIFY wake-up can deliver within `until`'s 30 s.
    await delivered(eventId, "the woken delivery");
    expect(r.requests).toHaveLength(1);
  });

  it.runIf(kind === "postgres")("another process's enqueue wakes this worker through PostgreSQL NOTIFY", async () => {
    const r = await hook([200]);
    const other = await openDb({ databaseUrl: database.connectionString! });
    const otherBoss = await startQueue(other, createLogger("silent"));
    try {
      const { eventId } = await paidEventIn(other, r.url); // committed by the other process, not enqueued
      await enqueueWebhookEvents(otherBoss, [eventId]);
      await delivered(eventId, "the delivery woken from another process");
      expect(r.requests).toHaveLength(1);
    } finally {
      await stopQueue(otherBoss);
      await other.close();
    }
  });

  it("one merchant's hanging endpoint does not hold up another merchant's events", async () => {
    const hanging = await hook(() => "hang");
    const fine = await hook([200]);
    // More of A's events than a fetch takes at once, queued before B's.
    const first = await paidEventIn(database, hanging.url, boss);
    const stuck = [first.eventId];
    for (let i = 0; i < 11; i++) stuck.push((await paidEventIn(database, hanging.url, boss, first.userId)).eventId);
    const b = await paidEventIn(database, fine.url, boss);

    await delivered(b.eventId, "merchant B's delivery");
    expect(fine.requests).toHaveLength(1);
    // A's are still hanging, at most two at a time, none finished.
    expect(worker.dispatcher.inFlight(first.userId)).toBeLessThanOrEqual(2);
    expect(hanging.requests.length).toBeLessThanOrEqual(2);
    for (const id of stuck) expect(await status(id)).toBe("pending");
  });
});

