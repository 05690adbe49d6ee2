import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../../app";
import { webhookEvents } from "../../db/schema";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { applyFact, createTransaction } from "../../payments/service";
import { deliverWebhookEvent } from "../../jobs/webhooks";
import { checkEndpointResolution, validateIntegration } from "./service";
import { REDELIVER_PER_MINUTE } from "./routes";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
/** What the test receiver says in its reply bodies: never to be shown back. */
const RECEIVER_WORDS = "internal: db-primary.corp:5432 ready";
const LOCAL = { destination: { allowLoopback: true } };
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";

describe.each(TEST_BACKENDS)("/api/integrations on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  /** A sandbox that did not allow loopback endpoints. */
  let strictApp: ReturnType<typeof createApp>;
  let hookUrl: string;
  let closeHook: () => Promise<void>;
  let hookStatus = 200;
  beforeAll(async () => {
    database = await openTestDb(kind);
    // The test receiver listens on loopback, which a sandbox reaches only when it says so.
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", WEBHOOK_ALLOW_LOOPBACK: "true" }));
    strictApp = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(hookStatus).end(RECEIVER_WORDS));
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
    await deliverWebhookEvent({ db: database.db }, eventId, LOCAL);

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

    // Only the receiver's status is shown, never its words.
    expect(JSON.stringify(list)).not.toContain(RECEIVER_WORDS);
    expect(list.list[0].log[0]).not.toHaveProperty("responseBody");

    const res = await call("POST", `/integrations/deliveries/${eventId}/redeliver`, m);
    expect(res.status).toBe(202);
    expect((await res.json()).data).toMatchObject({ _id: eventId, status: "pending" });
    hookStatus = 200;
    await deliverWebhookEvent({ db: database.db }, eventId, { ...LOCAL, manual: true });
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
    // No endpoint: the events are history (`no_endpoint`), listed when asked for.
    const page1 = (await (await call("GET", "/integrations/deliveries?limit=1&status=no_endpoint", m)).json()).data;
    expect(page1.list.map((d: { _id: string }) => d._id)).toEqual([b.eventId]);
    expect(page1.next).toEqual(expect.any(String));
    const page2 = (await (await call("GET", `/integrations/deliveries?limit=1&status=no_endpoint&cursor=${encodeURIComponent(page1.next)}`, m)).json()).data;
    expect(page2.list.map((d: { _id: string }) => d._id)).toEqual([a.eventId]);
    expect(page2.next).toBeNull();
    expect((await call("GET", "/integrations/deliveries?limit=0", m)).status).toBe(400);
  });

  it("pages the log in disjoint pages, newest first, down to the microsecond; filters by status; hides no_endpoint rows unless asked", async () => {
    const m = await signInMerchant(app);
    await call("POST", "/integrations", m, { endpoint: hookUrl });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await paidEvent(m)).eventId);
    // Oldest first in `ids`; three of them share a millisecond, told apart by microseconds only.
    const at = ["2031-01-01 00:00:01+00", "2031-01-01 00:00:02.000100+00", "2031-01-01 00:00:02.000200+00", "2031-01-01 00:00:02.000300+00", "2031-01-01 00:00:03+00"];
    for (const [i, id] of ids.entries()) await database.db.execute(sql`update webhook_events set created_at = ${at[i]}::timestamptz where id = ${id}`);
    await database.db.update(webhookEvents).set({ status: "no_endpoint" }).where(eq(webhookEvents.id, ids[0]));
    await database.db.update(webhookEvents).set({ status: "failed" }).where(eq(webhookEvents.id, ids[2]));
    const other = await signInMerchant(app);
    const otherEvent = await paidEvent(other);

    const page = async (query: string) => (await (await call("GET", `/integrations/deliveries?${query}`, m)).json()).data as { list: { _id: string }[]; next: string | null };
    const seen: string[][] = [];
    let next: string | null = null;
    do {
      const p = await page(`limit=2${next ? `&cursor=${encodeURIComponent(next)}` : ""}`);
      seen.push(p.list.map((d) => d._id));
      next = p.next;
    } while (next);
    // The no_endpoint row is left out by default; nothing repeats, nothing is skipped.
    expect(seen).toEqual([
      [ids[4], ids[3]],
      [ids[2], ids[1]],
    ]);
    expect((await page("status=failed")).list.map((d) => d._id)).toEqual([ids[2]]);
    expect((await page("status=no_endpoint")).list.map((d) => d._id)).toEqual([ids[0]]);
    expect((await page("status=pending")).list.map((d) => d._id)).toEqual([ids[4], ids[3], ids[1]]);
    expect((await page("status=delivered")).list).toEqual([]);

    // Bad input: an unknown status, a forged or old-style cursor.
    expect((await call("GET", "/integrations/deliveries?status=everything", m)).status).toBe(400);
    for (const cursor of ["garbage", `2031-01-01T00:00:02.000Z_${ids[1]}`, "12.not-a-uuid-not-a-uuid-not-a-uuid-xxxx"]) {
      const res = await call("GET", `/integrations/deliveries?cursor=${encodeURIComponent(cursor)}`, m);
      expect(res.status, cursor).toBe(400);
      expect((await res.json()).code).toBe("invalid_cursor");
    }

    // A second merchant sees none of the first's rows, whatever the filter, and the first none of theirs.
    for (const status of ["sent", "pending", "failed", "no_endpoint"]) {
      const theirs = (await (await call("GET", `/integrations/deliveries?status=${status}`, other)).json()).data.list.map((d: { _id: string }) => d._id);
      expect(theirs.filter((id: string) => ids.includes(id)), status).toEqual([]);
    }
    expect((await page("limit=200")).list.map((d) => d._id)).not.toContain(otherEvent.eventId);
  });

  it("refuses endpoints on this machine or a private network, in every mode, and saves nothing", async () => {
    const m = await signInMerchant(strictApp);
    const refused = [
      "http://127.0.0.1:9000/x",
      "http://2130706433/x",
      "http://0x7f.1/x",
      "http://localhost/x",
      "http://shop.localhost/x",
      "http://0.0.0.0:9000/x",
      "http://[::1]/x",
      "http://[::ffff:127.0.0.1]/x",
      "http://[::7f00:1]/x",
      "http://10.0.0.5/x",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/x",
      "http://198.18.0.1/x",
      "http://[fc00::1]/x",
      "http://[fe80::1]/x",
    ];
    for (const endpoint of refused) {
      const res = await strictApp.request("/api/integrations", {
        method: "POST",
        headers: { "content-type": "application/json", ...m.auth },
        body: JSON.stringify({ endpoint }),
      });
      expect(res.status, endpoint).toBe(400);
      expect(await res.json(), endpoint).toMatchObject({ code: "invalid_request", errors: { endpoint: "Valid API endpoint is required" } });
    }
    const saved = await (await strictApp.request("/api/integrations", { headers: m.auth })).json();
    expect(saved.data.apiHook).toBeNull();

    // Allowing loopback in a sandbox allows loopback only.
    const local = await signInMerchant(app);
    expect((await call("POST", "/integrations", local, { endpoint: "http://127.0.0.1:9000/x" })).status).toBe(200);
    for (const endpoint of ["http://0.0.0.0:9000/x", "http://[::ffff:127.0.0.1]/x", "http://10.0.0.5/x", "http://169.254.169.254/x"])
      expect((await call("POST", "/integrations", local, { endpoint })).status, endpoint).toBe(400);
  });

  it("redelivery is limited per merchant: past the limit 429 rate_limited, and nothing changes", async () => {
    const m = await signInMerchant(app);
    await call("POST", "/integrations", m, { endpoint: hookUrl });
    const { eventId } = await paidEvent(m);
    for (let i = 0; i < REDELIVER_PER_MINUTE; i++) expect((await call("POST", `/integrations/deliveries/${eventId}/redeliver`, m)).status).toBe(202);
    const [before] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    const res = await call("POST", `/integrations/deliveries/${eventId}/redeliver`, m);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: "rate_limited", message: expect.any(String) });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const [after] = await database.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    expect(after).toEqual(before);
    // Another merchant still has their own allowance.
    const other = await signInMerchant(app);
    await call("POST", "/integrations", other, { endpoint: hookUrl });
    const theirs = await paidEvent(other);
    expect((await call("POST", `/integrations/deliveries/${theirs.eventId}/redeliver`, other)).status).toBe(202);
  });

  it("redelivery: 409 without an endpoint, 404 for an unknown id", async () => {
    const m = await signInMerchant(app);
    const { eventId } = await paidEvent(m); // no endpoint: kept as history
    // Hidden from the default log, listed when asked for.
    expect((await (await call("GET", "/integrations/deliveries", m)).json()).data.list).toEqual([]);
    expect((await (await call("GET", "/integrations/deliveries?status=no_endpoint", m)).json()).data.list).toMatchObject([{ _id: eventId, status: "no_endpoint", log: [] }]);
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
    ["https://hooks.example.com/x", false, false, true],
    ["http://hooks.example.com/x", false, false, true],
    ["http://127.0.0.1:9000/x", false, true, true],
    ["http://127.0.0.1:9000/x", false, false, false],
    ["http://[::1]:9000/x", false, true, true],
    ["http://0.0.0.0:9000/x", false, true, false],
    ["http://hooks.example.com/x", true, false, false],
    ["https://localhost/x", true, false, false],
    ["https://localhost/x", true, true, false],
    ["https://127.0.0.1/x", true, true, false],
    ["https://10.1.2.3/x", true, false, false],
    ["https://192.168.1.1/x", true, false, false],
    ["https://169.254.169.254/latest", true, false, false],
    ["https://[::1]/x", true, false, false],
    ["https://198.18.0.1/x", false, false, false],
    ["https://[::7f00:1]/x", false, false, false],
    ["https://hooks.example.com/x", true, false, true],
    ["https://8.8.8.8/x", true, false, true],
    ["https://user:pw@hooks.example.com/x", false, false, false],
    ["javascript:alert(1)", false, false, false],
    ["hooks.example.com", false, false, false],
  ])("%s (production %s, loopback allowed %s) valid: %s", (endpoint, production, allowLoopback, valid) => {
    expect(validateIntegration({ endpoint }, { production, allowLoopback }).errors).toEqual(valid ? {} : { endpoint: "Valid API endpoint is required" });
  });
});

describe("checkEndpointResolution", () => {
  const answering = (address: string) => async () => [{ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }];
  it("refuses a name that resolves to loopback or a private address, at save time", async () => {
    for (const [name, address] of [
      ["http://127.0.0.1.nip.io/x", "127.0.0.1"],
      ["http://internal.example.com/x", "10.0.0.8"],
      ["http://metadata.example.com/x", "169.254.169.254"],
      ["http://v6.example.com/x", "::ffff:127.0.0.1"],
    ])
      expect(await checkEndpointResolution(name, { production: false, lookup: answering(address) }), name).toBe("Valid API endpoint is required");
  });
  it("accepts a public answer, and a name that does not resolve yet (every send checks again)", async () => {
    expect(await checkEndpointResolution("https://hooks.example.com/x", { production: true, lookup: answering("93.184.216.34") })).toBeUndefined();
    const nxdomain = async () => {
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    expect(await checkEndpointResolution("https://not-yet.example.com/x", { production: true, lookup: nxdomain })).toBeUndefined();
  });
});
