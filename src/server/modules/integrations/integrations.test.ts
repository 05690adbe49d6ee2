import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import { webhookEvents } from "../../db/schema";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { applyFact, createTransaction } from "../../payments/service";
import { deliverWebhookEvent } from "../../jobs/webhooks";
import { validateIntegration } from "./service";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";

describe.each(TEST_BACKENDS)("/api/integrations on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let hookUrl: string;
  let closeHook: () => Promise<void>;
  let hookStatus = 200;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(hookStatus).end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/zpay`;
    closeHook = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await closeHook();
    await database.close();
  });

  const call = (method: string, path: string, m?: Pick<Merchant, "auth">, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(m?.auth ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const read = async (m: Merchant) => (await (await call("GET", "/integrations", m)).json()).data;

  /** A paid transaction of the merchant: one payment.paid event in the outbox. */
  async function paidEvent(m: Merchant, now = new Date()) {
    const tx = await createTransaction(database.db, {
      productType: "quick-pay",
      productId: randomUUID(),
      userId: m.id,
      chainId: -5001,
      token: "USDC",
      tokenAddress: MINT,
      decimals: 6,
      recipient: "Merchant11111111111111111111111111111111111",
      recipientTokenAccount: ATA,
      requestedAmount: 1_000_000n,
      reference: `ref-${randomBytes(8).toString("hex")}`,
    });
    await applyFact({ db: database.db, now: () => now }, tx.id, {
      kind: "transfer",
      chainId: -5001,
      reference: tx.reference,
      signature: `sig-${randomBytes(8).toString("hex")}`,
      instructionIndex: 0,
      payer: "Payer",
      recipientTokenAccount: ATA,
      mint: MINT,
      amount: 1_000_000n,
      commitment: "confirmed",
    });
    // Read from the outbox: a merchant without an endpoint has the event as history only.
    const [event] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, tx.id));
    return { transaction: tx, eventId: event.id };
  }

  it("answers 401 without a session on every route", async () => {
    for (const [method, path] of [
      ["GET", "/integrations"],
      ["POST", "/integrations"],
      ["POST", "/integrations/regenerate"],
      ["GET", "/integrations/deliveries"],
      ["POST", `/integrations/deliveries/${randomUUID()}/redeliver`],
    ]) {
      const res = await call(method, path, undefined, method === "POST" ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await res.json()).code).toBe("unauthorized");
    }
  });

  it("gives the owner their account id, a whsec_ secret that stays the same, and their referral code", async () => {
    const m = await signInMerchant(app);
    const first = await read(m);
    expect(first).toEqual({
      account: { id: m.id },
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      apiHook: null,
      callback: null,
      shopify_store: null,
      shopify_secret: null,
      referralCode: expect.any(String),
    });
    expect(Buffer.from(first.secret.slice(6), "base64")).toHaveLength(32);
    expect((await read(m)).secret).toBe(first.secret);
  });

  it("saves endpoint, callback and store settings; absent fields stay, empty ones clear", async () => {
    const m = await signInMerchant(app);
    const res = await call("POST", "/integrations", m, {
      endpoint: "https://shop.example.com/zpay/hooks",
      callback: "https://shop.example.com/thanks",
      shopify_store: "my-shop.myshopify.com",
      shopify_secret: "shpss_123",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, errors: null, data: { apiHook: "https://shop.example.com/zpay/hooks", shopify_secret: "shpss_123" } });
    expect(await read(m)).toMatchObject({ apiHook: "https://shop.example.com/zpay/hooks", callback: "https://shop.example.com/thanks", shopify_store: "my-shop.myshopify.com" });

    await call("POST", "/integrations", m, { callback: "" });
    expect(await read(m)).toMatchObject({ apiHook: "https://shop.example.com/zpay/hooks", callback: null, shopify_store: "my-shop.myshopify.com" });
  });

  it("refuses bad URLs with the SPEC messages and saves nothing", async () => {
    const m = await signInMerchant(app);
    const res = await call("POST", "/integrations", m, { endpoint: "not a url", callback: "ftp://example.com/x", shopify_store: "s" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Valid API endpoint is required",
      code: "invalid_request",
      issues: [
        { path: "endpoint", message: "Valid API endpoint is required" },
        { path: "callback", message: "Callback URL" },
      ],
      success: false,
      errors: { endpoint: "Valid API endpoint is required", callback: "Callback URL" },
    });
    expect(await read(m)).toMatchObject({ apiHook: null, callback: null, shopify_store: null });
    expect((await call("POST", "/integrations", m, { endpoint: 42 })).status).toBe(400);
  });

  it("regenerates the secret", async () => {
    const m = await signInMerchant(app);
    const before = (await read(m)).secret;
    const res = await call("POST", "/integrations/regenerate", m);
    expect(res.status).toBe(200);
    const after = (await res.json()).data.secret;
    expect(after).toMatch(/^whsec_/);
    expect(after).not.toBe(before);
    expect((await read(m)).secret).toBe(after);
  });

  it("lists deliveries with their attempts and redelivers one", async () => {
    const m = await signInMerchant(app);
    await call("POST", "/integrations", m, { endpoint: hookUrl });
    const { eventId, transaction } = await paidEvent(m);
    hookStatus = 500;
    await deliverWebhookEvent({ db: database.db }, eventId);

    let list = (await (await call("GET", "/integrations/deliveries", m)).json()).data;
    expect(list.next).toBeNull();
    expect(list.list).toMatchObject([
      {
        _id: eventId,
        type: "payment.paid",
        status: "pending",
        transaction: transaction.id,
        attempts: 1,
        payload: { type: "payment.paid", data: { _id: transaction.id, status: "paid" } },
        log: [{ attempt: 1, statusCode: 500, error: "HTTP 500", url: hookUrl, manual: false, nextRetryAt: expect.any(String) }],
      },
    ]);

    const res = await call("POST", `/integrations/deliveries/${eventId}/redeliver`, m);
    expect(res.status).toBe(202);
    expect((await res.json()).data).toMatchObject({ _id: eventId, status: "pending" });
    hookStatus = 200;
    await deliverWebhookEvent({ db: database.db }, eventId, { manual: true });
    list = (await (await call("GET", "/integrations/deliveries", m)).json()).data;
    expect(list.list[0]).toMatchObject({ status: "delivered", attempts: 2 });
    expect(list.list[0].log.map((a: { statusCode: number; manual: boolean }) => [a.statusCode, a.manual])).toEqual([
      [500, false],
      [200, true],
    ]);
  });

  it("pages deliveries newest first", async () => {
    const m = await signInMerchant(app);
    const a = await paidEvent(m, new Date("2030-01-01T00:00:00Z"));
    const b = await paidEvent(m, new Date("2030-01-01T00:00:01Z"));
    const page1 = (await (await call("GET", "/integrations/deliveries?limit=1", m)).json()).data;
    expect(page1.list.map((d: { _id: string }) => d._id)).toEqual([b.eventId]);
    expect(page1.next).toEqual(expect.any(String));
    const page2 = (await (await call("GET", `/integrations/deliveries?limit=1&cursor=${encodeURIComponent(page1.next)}`, m)).json()).data;
    expect(page2.list.map((d: { _id: string }) => d._id)).toEqual([a.eventId]);
    expect(page2.next).toBeNull();
    expect((await call("GET", "/integrations/deliveries?limit=0", m)).status).toBe(400);
  });

  it("redelivery: 409 without an endpoint, 404 for an unknown id", async () => {
    const m = await signInMerchant(app);
    const { eventId } = await paidEvent(m); // no endpoint: kept as history
    expect((await (await call("GET", "/integrations/deliveries", m)).json()).data.list).toMatchObject([{ _id: eventId, status: "no_endpoint", log: [] }]);
    const res = await call("POST", `/integrations/deliveries/${eventId}/redeliver`, m);
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("no_endpoint");
    expect((await call("POST", `/integrations/deliveries/${randomUUID()}/redeliver`, m)).status).toBe(404);
    expect((await call("POST", `/integrations/deliveries/nope/redeliver`, m)).status).toBe(404);
  });

  it("a second merchant neither sees nor changes the first one's integration or deliveries", async () => {
    const first = await signInMerchant(app);
    const second = await signInMerchant(app);
    await call("POST", "/integrations", first, { endpoint: hookUrl, callback: "https://first.example.com/thanks" });
    const firstSettings = await read(first);
    const { eventId } = await paidEvent(first);

    const theirs = await read(second);
    expect(theirs).toMatchObject({ account: { id: second.id }, apiHook: null, callback: null });
    expect(theirs.secret).not.toBe(firstSettings.secret);
    expect((await (await call("GET", "/integrations/deliveries", second)).json()).data.list).toEqual([]);
    const res = await call("POST", `/integrations/deliveries/${eventId}/redeliver`, second);
    expect(res.status).toBe(404);

    await call("POST", "/integrations", second, { endpoint: "https://second.example.com/hooks" });
    await call("POST", "/integrations/regenerate", second);
    expect(await read(first)).toEqual(firstSettings);
    const firstList = (await (await call("GET", "/integrations/deliveries", first)).json()).data.list;
    expect(firstList.map((d: { _id: string }) => d._id)).toEqual([eventId]);
  });
});

describe("validateIntegration", () => {
  it.each([
    ["https://hooks.example.com/x", false, true],
    ["http://hooks.example.com/x", false, true],
    ["http://127.0.0.1:9000/x", false, true],
    ["http://hooks.example.com/x", true, false],
    ["https://localhost/x", true, false],
    ["https://127.0.0.1/x", true, false],
    ["https://10.1.2.3/x", true, false],
    ["https://192.168.1.1/x", true, false],
    ["https://169.254.169.254/latest", true, false],
    ["https://[::1]/x", true, false],
    ["https://hooks.example.com/x", true, true],
    ["https://user:pw@hooks.example.com/x", false, false],
    ["javascript:alert(1)", false, false],
    ["hooks.example.com", false, false],
  ])("%s (production %s) valid: %s", (endpoint, production, valid) => {
    expect(validateIntegration({ endpoint }, { production }).errors).toEqual(valid ? {} : { endpoint: "Valid API endpoint is required" });
  });
});
