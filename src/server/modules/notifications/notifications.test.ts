import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createApp } from "../../app";
import { emailVerifications, emails, users } from "../../db/schema";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { applyFact, createTransaction } from "../../payments/service";
import { withWebhookEnqueue } from "../../jobs/payment-sink";
import { hashToken } from "../auth/tokens";
import { requestEmailVerification } from "./service";
import { VERIFICATION_MAILS_PER_15_MIN } from "./routes";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";
const APP_ORIGIN = "https://app.zpay.test";

describe.each(TEST_BACKENDS)("notifications and e-mail verification on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", APP_ORIGIN }));
  });
  afterAll(async () => {
    await database.close();
  });

  const call = (method: string, path: string, m?: Pick<Merchant, "auth">, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(m?.auth ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const read = async (m: Merchant) => (await (await call("GET", "/profile/notification", m)).json()).data;
  const mailsTo = (userId: string, template: string) =>
    database.db.select().from(emails).where(and(eq(emails.userId, userId), eq(emails.template, template))).orderBy(emails.createdAt);

  /** Asks for a link and reads its token back from the mail outbox, as the merchant reads the mail. */
  async function linkToken(m: Merchant): Promise<string> {
    const res = await call("POST", "/request-email-verification", m);
    expect(res.status).toBe(202);
    const mail = (await mailsTo(m.id, "email-verification")).at(-1)!;
    const url = new URL((mail.data as { verifyUrl: string }).verifyUrl);
    expect(url.origin + url.pathname).toBe(`${APP_ORIGIN}/settings/notifications`);
    return url.searchParams.get("verify")!;
  }

  /** A merchant with notifications on for a fresh address, verified through its link. */
  async function verifiedMerchant(language = "en"): Promise<Merchant & { email: string }> {
    const m = await signInMerchant(app);
    await database.db.update(users).set({ language }).where(eq(users.id, m.id));
    const email = `shop-${randomBytes(4).toString("hex")}@example.com`;
    expect((await call("POST", "/profile/notification", m, { notificationEnabled: true, email })).status).toBe(200);
    expect((await call("POST", "/verify-email", m, { token: await linkToken(m) })).status).toBe(200);
    return { ...m, email };
  }

  /** A transaction of the merchant that a watcher reports paid (confirmed) then, optionally, validated (finalized). */
  async function pay(userId: string, finalize: boolean, orderId: string | null = null) {
    const tx = await createTransaction(database.db, {
      productType: "quick-pay",
      productId: randomUUID(),
      userId,
      chainId: -5001,
      token: "USDC",
      tokenAddress: MINT,
      decimals: 6,
      recipient: "Merchant11111111111111111111111111111111111",
      recipientTokenAccount: ATA,
      requestedAmount: 12_500_000n,
      reference: `ref-${randomBytes(8).toString("hex")}`,
      ...(orderId ? { merchantExtras: { orderId } } : {}),
    });
    const deps = withWebhookEnqueue({ db: database.db, appOrigin: APP_ORIGIN });
    const transfer = {
      kind: "transfer" as const,
      chainId: -5001,
      reference: tx.reference,
      signature: `sig-${randomBytes(8).toString("hex")}`,
      instructionIndex: 0,
      payer: "Payer",
      recipientTokenAccount: ATA,
      mint: MINT,
      amount: 12_500_000n,
    };
    await applyFact(deps, tx.id, { ...transfer, commitment: "confirmed" });
    if (finalize) await applyFact(deps, tx.id, { ...transfer, commitment: "finalized" });
    return tx;
  }

  it("answers 401 without a session on every route", async () => {
    for (const [method, path] of [
      ["GET", "/profile/notification"],
      ["POST", "/profile/notification"],
      ["POST", "/request-email-verification"],
      ["POST", "/verify-email"],
    ]) {
      const res = await call(method, path, undefined, method === "POST" ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("starts off, with no address and nothing verified", async () => {
    const m = await signInMerchant(app);
    expect(await read(m)).toEqual({ notificationEnabled: false, email: null, emailVerified: false });
  });

  it("refuses notifications without an address with the SPEC message, and saves nothing", async () => {
    const m = await signInMerchant(app);
    const res = await call("POST", "/profile/notification", m, { notificationEnabled: true, email: "  " });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_request", message: "Email is required for notifications" });
    expect(await read(m)).toEqual({ notificationEnabled: false, email: null, emailVerified: false });
  });

  it("refuses a bad address and a body of the wrong shape", async () => {
    const m = await signInMerchant(app);
    const bad = await call("POST", "/profile/notification", m, { notificationEnabled: true, email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Invalid email address");
    expect((await call("POST", "/profile/notification", m, { notificationEnabled: "yes" })).status).toBe(400);
    expect((await call("POST", "/profile/notification", m, { notificationEnabled: true, email: `${"a".repeat(250)}@x.io` })).status).toBe(400);
    expect((await call("POST", "/verify-email", m, {})).status).toBe(400);
    expect(await read(m)).toMatchObject({ notificationEnabled: false, email: null });
  });

  it("saves the choice and the address unverified; an empty address keeps the one on file", async () => {
    const m = await signInMerchant(app);
    const res = await call("POST", "/profile/notification", m, { notificationEnabled: true, email: " Shop@Example.COM " });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ notificationEnabled: true, email: "Shop@example.com", emailVerified: false });
    await call("POST", "/profile/notification", m, { notificationEnabled: false, email: "" });
    expect(await read(m)).toEqual({ notificationEnabled: false, email: "Shop@example.com", emailVerified: false });
  });

  it("mails a link on the app origin in the merchant's language; only the token's hash is stored", async () => {
    const m = await signInMerchant(app);
    await database.db.update(users).set({ language: "fr" }).where(eq(users.id, m.id));
    await call("POST", "/profile/notification", m, { notificationEnabled: true, email: "fr@example.com" });
    const token = await linkToken(m);
    const [mail] = await mailsTo(m.id, "email-verification");
    expect(mail).toMatchObject({ to: "fr@example.com", language: "fr", status: "pending" });
    const stored = await database.db.select().from(emailVerifications).where(eq(emailVerifications.userId, m.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("verifies with the link once: a reused link is refused", async () => {
    const m = await signInMerchant(app);
    await call("POST", "/profile/notification", m, { notificationEnabled: true, email: "once@example.com" });
    const token = await linkToken(m);
    const ok = await call("POST", "/verify-email", m, { token });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toEqual({ notificationEnabled: true, email: "once@example.com", emailVerified: true });
    const again = await call("POST", "/verify-email", m, { token });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("invalid_token");
  });

  it("refuses an expired link and an unknown one", async () => {
    const m = await signInMerchant(app);
    await call("POST", "/profile/notification", m, { notificationEnabled: true, email: "late@example.com" });
    await requestEmailVerification(database.db, m.id, { appOrigin: APP_ORIGIN, language: "en", now: new Date(Date.now() - 25 * 3_600_000) });
    const [mail] = await mailsTo(m.id, "email-verification");
    const token = new URL((mail.data as { verifyUrl: string }).verifyUrl).searchParams.get("verify")!;
    expect((await call("POST", "/verify-email", m, { token })).status).toBe(400);
    expect((await call("POST", "/verify-email", m, { token: randomBytes(32).toString("base64url") })).status).toBe(400);
    expect((await read(m)).emailVerified).toBe(false);
  });

  it("refuses another merchant's link without using it up", async () => {
    const owner = await signInMerchant(app);
    const attacker = await signInMerchant(app);
    await call("POST", "/profile/notification", owner, { notificationEnabled: true, email: "owner@example.com" });
    await call("POST", "/profile/notification", attacker, { notificationEnabled: true, email: "owner@example.com" });
    const token = await linkToken(owner);
    expect((await call("POST", "/verify-email", attacker, { token })).status).toBe(400);
    expect((await read(attacker)).emailVerified).toBe(false);
    expect((await call("POST", "/verify-email", owner, { token })).status).toBe(200);
    expect((await read(owner)).emailVerified).toBe(true);
    expect((await read(attacker)).emailVerified).toBe(false);
  });

  it("un-verifies when the address changes, and a link for the old address no longer verifies", async () => {
    const m = await verifiedMerchant();
    const oldLink = await linkToken(m);
    await call("POST", "/profile/notification", m, { notificationEnabled: true, email: "new@example.com" });
    expect(await read(m)).toEqual({ notificationEnabled: true, email: "new@example.com", emailVerified: false });
    expect((await call("POST", "/verify-email", m, { token: oldLink })).status).toBe(400);
    expect((await read(m)).emailVerified).toBe(false);
  });

  it("answers 409 when there is no address to verify, and 429 past the mail budget", async () => {
    const m = await signInMerchant(app);
    const none = await call("POST", "/request-email-verification", m);
    expect(none.status).toBe(409);
    expect((await none.json()).code).toBe("no_email");
    const n = await signInMerchant(app);
    await call("POST", "/profile/notification", n, { notificationEnabled: false, email: "many@example.com" });
    for (let i = 0; i < VERIFICATION_MAILS_PER_15_MIN; i++) expect((await call("POST", "/request-email-verification", n)).status).toBe(202);
    expect((await call("POST", "/request-email-verification", n)).status).toBe(429);
    expect(await mailsTo(n.id, "email-verification")).toHaveLength(VERIFICATION_MAILS_PER_15_MIN);
  });

  it("e-mails a verified merchant once for paid and once for validated, in their language", async () => {
    const m = await verifiedMerchant("fr");
    const other = await verifiedMerchant();
    const tx = await pay(m.id, true, "order-42");
    const mails = await mailsTo(m.id, "payment-notification");
    expect(mails.map((x) => (x.data as { event: string }).event)).toEqual(["paid", "validated"]);
    expect(mails[0]).toMatchObject({
      to: m.email,
      language: "fr",
      data: { amount: "12.5", currency: "USDC", orderId: "order-42", publicId: tx.publicId, productType: "quick-pay", detailsUrl: `${APP_ORIGIN}/transactions` },
    });
    // The second merchant hears nothing of the first one's payment.
    expect(await mailsTo(other.id, "payment-notification")).toHaveLength(0);
  });

  it("sends nothing while notifications are off or the address is unverified", async () => {
    const off = await verifiedMerchant();
    await call("POST", "/profile/notification", off, { notificationEnabled: false });
    await pay(off.id, true);
    expect(await mailsTo(off.id, "payment-notification")).toHaveLength(0);

    const unverified = await signInMerchant(app);
    await call("POST", "/profile/notification", unverified, { notificationEnabled: true, email: "unverified@example.com" });
    await pay(unverified.id, true);
    expect(await mailsTo(unverified.id, "payment-notification")).toHaveLength(0);

    const changed = await verifiedMerchant();
    await database.db.update(users).set({ email: "elsewhere@example.com" }).where(eq(users.id, changed.id));
    await pay(changed.id, false);
    expect(await mailsTo(changed.id, "payment-notification")).toHaveLength(0);
  });
});
