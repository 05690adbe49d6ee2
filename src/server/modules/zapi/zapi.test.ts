import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ZAPI_AUTH_FAILURES_PER_MINUTE, ZAPI_LEGACY_SECRET_WARNING, ZAPI_LIMITS, ZAPI_ROTATION_GRACE_MS, zapiAuthorization } from "@/lib/zapi";
import { hashApiSecret } from "./api-secret";
import { createApp } from "../../app";
import { apiPayments, apiSecrets, payableLinks, sessions } from "../../db/schema";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { applyFact, createTransaction } from "../../payments/service";

const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";

type Merchant = Awaited<ReturnType<typeof signInMerchant>> & { secret: string; basic: string };

describe.each(TEST_BACKENDS)("zAPI /api/v1/payments on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    // Each test speaks from its own address, so failed-auth counters of one never reach another.
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", TRUST_PROXY: "1", PAYMENTS_ORIGIN: "https://pay.example.com" }));
  });
  afterAll(async () => {
    await database.close();
  });

  // A fresh address each time, never one an earlier test spent its failed-auth budget on (a random
  // last byte collided now and then: 1 in 256 per draw).
  let addresses = randomInt(60_000); // a different range each run, for a database reused between runs
  const newAddress = () => {
    addresses += 1;
    return `198.18.${(addresses >> 8) & 255}.${addresses & 255}`;
  };
  let address = newAddress();
  const call = (method: string, path: string, authorization?: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`/api${path}`, {
      method,
      headers: {
        "x-forwarded-for": address,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(authorization ? { authorization } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** POST /api/zapi/secret/regenerate as the merchant: answers the new API secret (shown once). */
  async function regenerate(m: { auth: Record<string, string> }, keepPrevious: boolean): Promise<string> {
    const res = await app.request("/api/zapi/secret/regenerate", { method: "POST", headers: { ...m.auth, "content-type": "application/json" }, body: JSON.stringify({ keepPrevious }) });
    expect(res.status).toBe(200);
    return (await res.json()).data.secret as string;
  }

  /** A signed-in merchant with an API secret (`secret`) and its Basic header. */
  async function merchant(): Promise<Merchant> {
    address = newAddress();
    const m = await signInMerchant(app);
    const secret = await regenerate(m, false);
    return { ...m, secret, basic: zapiAuthorization(m.id, secret) };
  }
  const webhookSecretOf = async (m: { auth: Record<string, string> }) => (await (await app.request("/api/integrations", { headers: m.auth })).json()).data.secret as string;
  const listWith = (accountId: string, secret: string) => call("GET", "/v1/payments", zapiAuthorization(accountId, secret));
  const order = { amount: "49.90", currency: "USD", orderId: "A-1042", metadata: { cartId: "c_81", lines: [1, 2] }, callbackUrl: "https://shop.example.com/thanks" };

  it("creates a payment: 201 with the hosted pay URL, then reads it back as open", async () => {
    const m = await merchant();
    const res = await call("POST", "/v1/payments", m.basic, order);
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^https:\/\/pay\.example\.com\/\?p=[1-9A-HJ-NP-Za-km-z]{12}$/),
      status: "open",
      amount: "49.9",
      currency: "USD",
      orderId: "A-1042",
      metadata: order.metadata,
      callbackUrl: order.callbackUrl,
      createdAt: expect.any(String),
    });
    // The URL opens the payment on the pay page (type dynamic, the price asked for).
    const hashedId = new URL(created.url).searchParams.get("p")!;
    const [link] = await database.db.select().from(payableLinks).where(eq(payableLinks.hashedId, hashedId));
    expect(link).toMatchObject({ productType: "dynamic", productId: created.id, userId: m.id });
    const read = await call("GET", `/v1/payments/${created.id}`, m.basic);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(created);
  });

  it("refuses wrong, malformed and session credentials with 401 unauthorized", async () => {
    const m = await merchant();
    const wrong = [
      undefined,
      m.auth.authorization, // the merchant's session: never accepted by the zAPI
      zapiAuthorization(m.id, `${m.secret}x`),
      zapiAuthorization(m.id, ""),
      zapiAuthorization("not-a-uuid", m.secret),
      zapiAuthorization(randomUUID(), m.secret),
      `Basic ${Buffer.from(m.secret).toString("base64")}`,
      "Basic !!!",
    ];
    for (const authorization of wrong) {
      address = newAddress();
      const res = await call("GET", "/v1/payments", authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid API credentials", code: "unauthorized" });
    }
  });

  it("another merchant's account id with its own secret, or this secret with their id, opens nothing", async () => {
    const first = await merchant();
    const second = await merchant();
    const created = await (await call("POST", "/v1/payments", first.basic, order)).json();
    expect((await call("GET", "/v1/payments", zapiAuthorization(second.id, first.secret))).status).toBe(401);
    expect((await call("GET", "/v1/payments", zapiAuthorization(first.id, second.secret))).status).toBe(401);
    // With their own keys they see none of the first merchant's payments.
    const theirs = await call("GET", `/v1/payments/${created.id}`, second.basic);
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).code).toBe("not_found");
    expect((await (await call("GET", "/v1/payments", second.basic)).json()).data).toEqual([]);
  });

  it("the webhook signing secret does not authenticate the API", async () => {
    const m = await merchant();
    const whsec = await webhookSecretOf(m);
    expect(whsec.startsWith("whsec_")).toBe(true);
    const res = await listWith(m.id, whsec);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/webhook signing secret .* does not authenticate the API/);
    // Nor before the merchant ever made an API secret (the old default): no API secret, no API.
    address = newAddress();
    const fresh = await signInMerchant(app);
    expect((await listWith(fresh.id, await webhookSecretOf(fresh))).status).toBe(401);
    // And regenerating the webhook secret neither opens the API with it nor touches the API secret.
    const rotated = (await (await app.request("/api/integrations/regenerate", { method: "POST", headers: m.auth })).json()).data.secret as string;
    expect((await listWith(m.id, rotated)).status).toBe(401);
    expect((await listWith(m.id, whsec)).status).toBe(401);
    expect((await call("GET", "/v1/payments", m.basic)).status).toBe(200);
  });

  it("the API secret is stored hashed", async () => {
    const m = await merchant();
    expect(m.secret).toMatch(/^zpk_[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(apiSecrets).where(eq(apiSecrets.userId, m.id));
    expect(row.secretHash).toBe(createHash("sha256").update(m.secret).digest("hex"));
    expect(row.hint).toBe(m.secret.slice(-4));
    // Nowhere in the database: not in its row, not in the integration row, not in any table dump.
    const tables = (await database.db.execute(sql`select row_to_json(s)::text as j from api_secrets s union all select row_to_json(i)::text from merchant_integrations i`)) as unknown as { rows: unknown[] };
    const dump = JSON.stringify(tables.rows);
    expect(dump).not.toContain(m.secret);
    expect(dump).not.toContain(m.secret.slice(4, 20));
    // The status read never hands it back either.
    const status = await (await app.request("/api/zapi/secret", { headers: m.auth })).json();
    expect(JSON.stringify(status)).not.toContain(m.secret);
    expect(status.data).toMatchObject({ exists: true, hint: m.secret.slice(-4), legacy: false, previous: null });
  });

  it("a revoked API secret fails at once", async () => {
    const m = await merchant();
    const next = await regenerate(m, true);
    expect((await call("GET", "/v1/payments", m.basic)).status).toBe(200);
    const revoked = await app.request("/api/zapi/secret/revoke-previous", { method: "POST", headers: m.auth });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).data.previous).toBeNull();
    expect((await call("GET", "/v1/payments", m.basic)).status).toBe(401);
    expect((await listWith(m.id, next)).status).toBe(200);
  });

  it("after regenerate with grace the old one works until the grace ends, without grace it fails at once", async () => {
    const m = await merchant();
    const second = await regenerate(m, true);
    expect(second).not.toBe(m.secret);
    expect((await listWith(m.id, second)).status).toBe(200);
    expect((await call("GET", "/v1/payments", m.basic)).status).toBe(200);
    const status = (await (await app.request("/api/zapi/secret", { headers: m.auth })).json()).data;
    expect(status.previous.hint).toBe(m.secret.slice(-4));
    expect(new Date(status.previous.expiresAt).getTime() - Date.now()).toBeGreaterThan(ZAPI_ROTATION_GRACE_MS - 60_000);

    // Past the grace period the previous secret is refused.
    await database.db.update(apiSecrets).set({ previousExpiresAt: new Date(Date.now() - 1000) }).where(eq(apiSecrets.userId, m.id));
    expect((await call("GET", "/v1/payments", m.basic)).status).toBe(401);
    expect((await listWith(m.id, second)).status).toBe(200);

    // Without grace the one before stops at once.
    const third = await regenerate(m, false);
    expect((await listWith(m.id, third)).status).toBe(200);
    expect((await listWith(m.id, second)).status).toBe(401);

    // A regenerate with grace keeps only the one just replaced, never an older one.
    const fourth = await regenerate(m, true);
    expect((await listWith(m.id, fourth)).status).toBe(200);
    expect((await listWith(m.id, third)).status).toBe(200);
    await regenerate(m, true);
    expect((await listWith(m.id, third)).status).toBe(401);
  });

  it("a legacy secret (the webhook secret carried over by migration 0028) works with a deprecation warning until the merchant regenerates", async () => {
    address = newAddress();
    const m = await signInMerchant(app);
    const whsec = await webhookSecretOf(m);
    await database.db.insert(apiSecrets).values({ userId: m.id, secretHash: hashApiSecret(whsec), hint: whsec.slice(-4), legacy: true });
    const res = await listWith(m.id, whsec);
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toBe("true");
    expect(res.headers.get("zpay-warning")).toBe(ZAPI_LEGACY_SECRET_WARNING);
    expect((await (await app.request("/api/zapi/secret", { headers: m.auth })).json()).data).toMatchObject({ exists: true, legacy: true });
    // The way out: a new API secret with grace, the server redeployed, the legacy one revoked.
    const secret = await regenerate(m, true);
    const ok = await listWith(m.id, secret);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("deprecation")).toBeNull();
    expect((await listWith(m.id, whsec)).status).toBe(200);
    await app.request("/api/zapi/secret/revoke-previous", { method: "POST", headers: m.auth });
    expect((await listWith(m.id, whsec)).status).toBe(401);
  });

  it("the secret routes refuse a bad body, a stale session and no session; a second merchant cannot touch the first's secret", async () => {
    const m = await merchant();
    const post = (path: string, headers: Record<string, string>, body?: unknown) =>
      app.request(`/api${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const body of [{}, { keepPrevious: "yes" }, { keepPrevious: true, extra: 1 }]) expect((await post("/zapi/secret/regenerate", m.auth, body)).status, JSON.stringify(body)).toBe(400);
    expect((await post("/zapi/secret/regenerate", {}, { keepPrevious: false })).status).toBe(401);
    expect((await app.request("/api/zapi/secret")).status).toBe(401);
    // A session older than FRESH_SIGN_IN_MINUTES (10 by default) may read the status, not change the secret.
    await database.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.userId, m.id));
    expect((await app.request("/api/zapi/secret", { headers: m.auth })).status).toBe(200);
    for (const [path, body] of [["/zapi/secret/regenerate", { keepPrevious: false }], ["/zapi/secret/revoke-previous", undefined]] as const) {
      const stale = await post(path, m.auth, body);
      expect(stale.status, path).toBe(401);
      expect((await stale.json()).code).toBe("fresh_sign_in_required");
    }
    expect((await call("GET", "/v1/payments", m.basic)).status).toBe(200);

    // The second merchant's regenerate and revoke act on their own secret only.
    const other = await merchant();
    await regenerate(other, false);
    expect((await post("/zapi/secret/revoke-previous", other.auth)).status).toBe(200);
    expect((await call("GET", "/v1/payments", m.basic)).status).toBe(200);
    expect((await (await app.request("/api/zapi/secret", { headers: other.auth })).json()).data.hint).not.toBe(m.secret.slice(-4));
  });

  it(`after ${ZAPI_AUTH_FAILURES_PER_MINUTE} failed authentications from one address, answers 429 even to the right keys`, async () => {
    const m = await merchant();
    for (let i = 0; i < ZAPI_AUTH_FAILURES_PER_MINUTE; i++) expect((await call("GET", "/v1/payments", zapiAuthorization(m.id, `guess-${i}`))).status).toBe(401);
    const res = await call("GET", "/v1/payments", m.basic);
    expect(res.status).toBe(429);
    expect((await res.json()).code).toBe("rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    address = newAddress();
    expect((await call("GET", "/v1/payments", m.basic)).status).toBe(200);
  });

  it("an Idempotency-Key makes one payment however often the create is retried; another body with it is refused", async () => {
    const m = await merchant();
    const key = { "idempotency-key": `key-${randomUUID()}` };
    const first = await call("POST", "/v1/payments", m.basic, order, key);
    expect(first.status).toBe(201);
    const a = await first.json();
    // The same body with its keys in another order is the same request.
    const reordered = { callbackUrl: order.callbackUrl, metadata: { lines: [1, 2], cartId: "c_81" }, orderId: "A-1042", currency: "USD", amount: "49.90" };
    const again = await call("POST", "/v1/payments", m.basic, reordered, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await again.json()).id).toBe(a.id);
    // Racing retries too.
    const raced = await Promise.all([1, 2, 3].map(() => call("POST", "/v1/payments", m.basic, order, key)));
    for (const r of raced) expect((await r.json()).id).toBe(a.id);

    const refused = await call("POST", "/v1/payments", m.basic, { ...order, amount: "50" }, key);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ code: "idempotency_key_reused", message: "This Idempotency-Key was already used with a different request body" });
    expect(await database.db.select().from(apiPayments).where(eq(apiPayments.userId, m.id))).toHaveLength(1);

    // Another merchant's key space is their own.
    const other = await merchant();
    const theirs = await call("POST", "/v1/payments", other.basic, { ...order, amount: "50" }, key);
    expect(theirs.status).toBe(201);
    expect((await theirs.json()).id).not.toBe(a.id);

    // Without a key every create is a new payment.
    await call("POST", "/v1/payments", m.basic, order);
    expect(await database.db.select().from(apiPayments).where(eq(apiPayments.userId, m.id))).toHaveLength(2);
  });

  it("refuses bad bodies with field issues and creates nothing", async () => {
    const m = await merchant();
    const bad: [unknown, string][] = [
      [{ currency: "USD" }, "amount"],
      [{ amount: "abc", currency: "USD" }, "amount"],
      [{ amount: 12, currency: "USD" }, "amount"],
      [{ amount: "0.05", currency: "USD" }, "amount"],
      [{ amount: "1.001", currency: "USD" }, "amount"],
      [{ amount: "2000000000", currency: "USD" }, "amount"],
      [{ amount: "10", currency: "EUR" }, "currency"],
      [{ amount: "10", currency: "USD", metadata: { big: "x".repeat(ZAPI_LIMITS.metadataBytes) } }, "metadata"],
      [{ amount: "10", currency: "USD", metadata: [1] }, "metadata"],
      [{ amount: "10", currency: "USD", callbackUrl: "javascript:alert(1)" }, "callbackUrl"],
      [{ amount: "10", currency: "USD", orderId: "x".repeat(ZAPI_LIMITS.orderId + 1) }, "orderId"],
      [{ amount: "10", currency: "USD", userId: randomUUID() }, ""],
    ];
    for (const [body, path] of bad) {
      const res = await call("POST", "/v1/payments", m.basic, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.code).toBe("invalid_request");
      expect(answer.issues.map((i: { path: string }) => i.path), JSON.stringify(body)).toContain(path);
    }
    expect((await call("POST", "/v1/payments", m.basic, order, { "idempotency-key": "x".repeat(ZAPI_LIMITS.idempotencyKey + 1) })).status).toBe(400);
    expect(await database.db.select().from(apiPayments).where(eq(apiPayments.userId, m.id))).toEqual([]);
    // USDC is priced in base units too.
    expect((await call("POST", "/v1/payments", m.basic, { amount: "1.000001", currency: "USDC" })).status).toBe(201);
    expect((await call("GET", "/v1/payments/not-an-id", m.basic)).status).toBe(404);
    expect((await call("GET", `/v1/payments/${randomUUID()}`, m.basic)).status).toBe(404);
  });

  it("lists newest first with status and orderId filters and cursor paging", async () => {
    const m = await merchant();
    const made = [];
    for (const orderId of ["o-1", "o-2", "o-3"]) made.push(await (await call("POST", "/v1/payments", m.basic, { amount: "10", currency: "USD", orderId })).json());
    // A payer starts paying the second one.
    await createTransaction(database.db, {
      productType: "dynamic",
      productId: made[1].id,
      userId: m.id,
      chainId: -5001,
      token: "USDC",
      tokenAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      decimals: 6,
      recipient: "Merchant11111111111111111111111111111111111",
      recipientTokenAccount: "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi",
      requestedAmount: 10_000_000n,
      reference: `ref-${randomBytes(8).toString("hex")}`,
    });
    // Paid, then final: the payment reads validated.
    const paidOne = (await (await call("POST", "/v1/payments", m.basic, { amount: "10", currency: "USD", orderId: "o-4" })).json()) as { id: string };
    const tx = await createTransaction(database.db, {
      productType: "dynamic",
      productId: paidOne.id,
      userId: m.id,
      chainId: -5001,
      token: "USDC",
      tokenAddress: MINT,
      decimals: 6,
      recipient: "Merchant11111111111111111111111111111111111",
      recipientTokenAccount: ATA,
      requestedAmount: 10_000_000n,
      reference: `ref-${randomBytes(8).toString("hex")}`,
    });
    const fact = { kind: "transfer" as const, chainId: -5001, reference: tx.reference, signature: `sig-${randomBytes(8).toString("hex")}`, instructionIndex: 0, payer: "Payer", recipientTokenAccount: ATA, mint: MINT, amount: 10_000_000n, commitment: "confirmed" as const };
    await applyFact({ db: database.db }, tx.id, fact);
    expect((await (await call("GET", `/v1/payments/${paidOne.id}`, m.basic)).json()).status).toBe("paid");
    await applyFact({ db: database.db }, tx.id, { ...fact, commitment: "finalized" });
    expect((await (await call("GET", `/v1/payments/${paidOne.id}`, m.basic)).json()).status).toBe("validated");
    await database.db.delete(apiPayments).where(eq(apiPayments.id, paidOne.id));
    const list = async (q: string) => (await (await call("GET", `/v1/payments${q}`, m.basic)).json()) as { data: { id: string; status: string }[]; next: string | null };
    expect((await list("")).data.map((p) => p.id)).toEqual([made[2].id, made[1].id, made[0].id]);
    expect((await list("?status=initiated")).data.map((p) => p.id)).toEqual([made[1].id]);
    expect((await list("?status=open")).data.map((p) => p.id)).toEqual([made[2].id, made[0].id]);
    expect((await list("?orderId=o-1")).data.map((p) => p.id)).toEqual([made[0].id]);
    const page1 = await list("?limit=2");
    expect(page1.data.map((p) => p.id)).toEqual([made[2].id, made[1].id]);
    const page2 = await list(`?limit=2&cursor=${encodeURIComponent(page1.next!)}`);
    expect(page2.data.map((p) => p.id)).toEqual([made[0].id]);
    expect(page2.next).toBeNull();
    for (const q of ["?limit=0", "?limit=101", "?status=paidish", "?cursor=nope"]) expect((await call("GET", `/v1/payments${q}`, m.basic)).status, q).toBe(400);
  });

  it("is in the OpenAPI document with Basic auth and examples", async () => {
    const res = await app.request("/api/openapi.json");
    const doc = await res.json();
    expect(res.status, JSON.stringify(doc).slice(0, 500)).toBe(200);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/payments", "/v1/payments/{id}"]));
    expect(doc.components.securitySchemes.zapiBasic).toMatchObject({ type: "http", scheme: "basic" });
    expect(doc.paths["/v1/payments"].post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "idempotency-key", in: "header" })]));
    expect(doc.components.schemas.ZapiPayment.example).toMatchObject({ orderId: "A-1042" });
  });
});
