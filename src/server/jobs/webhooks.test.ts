import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Database } from "../db/client";
import { merchantIntegrations, users, webhookAttempts, webhookEvents } from "../db/schema";
import { createLogger } from "../logger";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { until, webhookReceiver as receiver } from "../testing/webhook-receiver";
import { applyFact, createTransaction } from "../payments/service";
import { newWebhookSecret } from "../modules/integrations/service";
import { startQueue, stopQueue, type Queue } from "./queue";
import { deliverWebhookEvent, redeliverWebhookEvent, startWebhookWorker, sweepWebhookEvents } from "./webhooks";

const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";

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

  /** A merchant with a webhook endpoint, and one payment.paid event in the outbox for them. */
  async function paidEvent(apiHook: string, queue?: Queue) {
    const secret = newWebhookSecret();
    const [u] = await database.db
      .insert(users)
      .values({
        publicKey: randomBytes(16).toString("hex"),
        referralCode: randomBytes(5).toString("hex"),
        settings: { isOnboarded: true, permissions: [], rampOnly: false, isNonCustodial: false, version: 1, restrictUserToChains: [] },
      })
      .returning();
    await database.db.insert(merchantIntegrations).values({ userId: u.id, secret, apiHook });
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
    const applied = await applyFact({ db: database.db, queue }, tx.id, {
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
    return { userId: u.id, secret, transaction: tx, eventId: applied!.eventIds[0] };
  }

  const attemptsOf = (eventId: string) =>
    database.db.select().from(webhookAttempts).where(eq(webhookAttempts.eventId, eventId)).orderBy(webhookAttempts.attempt);
  const eventRow = async (eventId: string) => (await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId)))[0];

  it("posts the event signed the Standard Webhooks way; the receiver verifies it", async () => {
    const r = await hook([200]);
    const { secret, eventId, transaction } = await paidEvent(r.url);
    const result = await deliverWebhookEvent({ db: database.db }, eventId);
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

    expect(await attemptsOf(eventId)).toMatchObject([{ attempt: 1, statusCode: 200, error: null, nextRetryAt: null, url: r.url, responseBody: "ok", manual: false }]);
    expect(await eventRow(eventId)).toMatchObject({ status: "delivered", attempts: 1, nextAttemptAt: null, leaseUntil: null });
    // Delivered: nothing more is due.
    expect((await deliverWebhookEvent({ db: database.db }, eventId)).outcome).toBe("not_due");
  });

  it("retries on its schedule: fails twice, then succeeds, three attempts logged", async () => {
    const r = await hook([500, 503, 204]);
    const { eventId } = await paidEvent(r.url);
    let clock = new Date("2030-01-01T00:00:00.000Z");
    const options = { retryScheduleMs: [10_000, 60_000, 300_000], now: () => clock };
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
    const options = { retryScheduleMs: [0] };
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

  it("logs a network error and a timeout as failed attempts", async () => {
    const closed = await receiver([200]);
    await closed.close();
    const down = await paidEvent(closed.url);
    const result = await deliverWebhookEvent({ db: database.db }, down.eventId);
    expect(result.outcome).toBe("retry");
    expect((await attemptsOf(down.eventId))[0]).toMatchObject({ statusCode: null, error: expect.stringMatching(/^network error: /) });

    const slow = await hook(() => "hang");
    const hung = await paidEvent(slow.url);
    await deliverWebhookEvent({ db: database.db }, hung.eventId, { timeoutMs: 200 });
    expect((await attemptsOf(hung.eventId))[0]).toMatchObject({ statusCode: null, error: "network error: timeout" });
  });

  it("does not follow redirects (a 3xx is a failed attempt)", async () => {
    const r = await hook([302]);
    const { eventId } = await paidEvent(r.url);
    expect((await deliverWebhookEvent({ db: database.db }, eventId)).outcome).toBe("retry");
    expect((await attemptsOf(eventId))[0].statusCode).toBe(302);
  });

  it("stops when the merchant removed the endpoint", async () => {
    const r = await hook([200]);
    const { eventId, userId } = await paidEvent(r.url);
    await database.db.update(merchantIntegrations).set({ apiHook: null }).where(eq(merchantIntegrations.userId, userId));
    expect((await deliverWebhookEvent({ db: database.db }, eventId)).outcome).toBe("no_endpoint");
    expect(r.requests).toHaveLength(0);
    expect((await eventRow(eventId)).status).toBe("no_endpoint");
  });

  describe("through the pg-boss worker", () => {
    let boss: Queue;
    beforeAll(async () => {
      boss = await startQueue(database, createLogger("silent"));
      await startWebhookWorker(boss, database, createLogger("silent"), { retryScheduleMs: [50, 50, 50], pollingIntervalSeconds: 0.5 });
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
