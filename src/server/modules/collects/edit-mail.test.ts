import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../../app";
import { collects, emails } from "../../db/schema";
import { optOut } from "../../jobs/mail/opt-outs";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { signInMerchant } from "../../testing/merchants";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const request = { name: "Ada Payer", email: "ada@example.com", desc: "March consulting", price: "20", currency: "USD" };

/** Editing a zRequest tells the payer what changed, or tells the merchant it could not (issue 28). */
describe.each(TEST_BACKENDS)("zRequest edits and the payer's e-mail on %s", (kind) => {
  const suite = appSuite(kind);
  const { call } = suite;

  async function create(m: Merchant, email: string) {
    const res = await call("POST", "/collects/create", m, { ...request, email });
    expect(res.status).toBe(201);
    return (await res.json()).data.info as { _id: string; hashedId: string };
  }
  const edit = (m: Merchant, id: string, change: Record<string, unknown>, app = suite.app) =>
    app.request(`/api/collects/update/${id}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...m.auth },
      body: JSON.stringify({ ...request, ...change }),
    });
  const mailsTo = (to: string) => suite.db.select().from(emails).where(eq(emails.to, to)).orderBy(emails.createdAt);
  /** Marks the outbox's mails handed over, so an earlier test's mail-server failure is not the latest attempt. */
  const deliverAll = () => suite.db.update(emails).set({ status: "sent", lastError: null, lastAttemptAt: sql`now()` });

  it("re-sends the request with the new amount when the amount changes, and says so", async () => {
    await deliverAll();
    const m = await signInMerchant(suite.app);
    const created = await create(m, "amount@example.com");
    const res = await edit(m, created._id, { email: "amount@example.com", price: "21" });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.info).toMatchObject({ price: "21", lastEmailedAt: expect.any(String) });
    expect(data.mail).toEqual({ status: "sent", to: "amount@example.com", message: "The request was e-mailed to amount@example.com with the new details." });
    const mails = await mailsTo("amount@example.com");
    expect(mails.map((e) => [e.template, e.data.amount])).toEqual([
      ["collect-request", "20"],
      ["collect-request", "21"],
    ]);
    expect(mails[1].data.payUrl).toBe(`http://localhost:4322/?p=${created.hashedId}`);
    // The throttle then names the mail that holds it: the request, not a reminder.
    const remind = await call("POST", "/trigger-email", m, { _item_id: created._id });
    expect(remind.status).toBe(429);
    expect((await remind.json()).code).toBe("request_mail_too_soon");
  });

  it("re-sends on a currency change, not on a change of name or message", async () => {
    await deliverAll();
    const m = await signInMerchant(suite.app);
    const created = await create(m, "currency@example.com");
    const quiet = await edit(m, created._id, { email: "currency@example.com", name: "Ada L.", desc: "April consulting" });
    expect((await quiet.json()).data.mail.status).toBe("unchanged");
    expect(await mailsTo("currency@example.com")).toHaveLength(1);
    const usdc = await edit(m, created._id, { email: "currency@example.com", currency: "USDC" });
    expect((await usdc.json()).data.mail).toMatchObject({ status: "sent" });
    const mails = await mailsTo("currency@example.com");
    expect(mails.at(-1)?.data).toMatchObject({ amount: "20", currency: "USDC", payerName: "Ada Payer" });
  });

  it("saves but says the e-mail was not sent, and why, when the payer unsubscribed", async () => {
    const m = await signInMerchant(suite.app);
    const created = await create(m, "gone@example.com");
    await optOut(suite.db, "gone@example.com", m.id);
    const res = await edit(m, created._id, { email: "gone@example.com", price: "21" });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.info).toMatchObject({ price: "21", payerUnsubscribed: true });
    expect(data.mail).toEqual({
      status: "not_sent",
      to: "gone@example.com",
      reason: "recipient_unsubscribed",
      queued: false,
      message: "Not sent: gone@example.com unsubscribed from your e-mails. Share the pay link with them yourself.",
    });
    expect(await mailsTo("gone@example.com")).toHaveLength(1);
    // Moved to an unsubscribed address: saved, never e-mailed there.
    await optOut(suite.db, "gone2@example.com", m.id);
    const moved = await (await edit(m, created._id, { email: "gone2@example.com" })).json();
    expect(moved.data.info).toMatchObject({ email: "gone2@example.com", lastEmailedAt: null });
    expect(moved.data.mail).toMatchObject({ status: "not_sent", reason: "recipient_unsubscribed" });
  });

  it("saves but says the e-mail was not sent when a mail cap is reached, with the wait", async () => {
    const m = await signInMerchant(suite.app);
    const created = await create(m, "capped@example.com");
    // An unverified account may e-mail one address three times a day: the request and two edits.
    for (const price of ["21", "22"]) expect((await (await edit(m, created._id, { email: "capped@example.com", price })).json()).data.mail.status).not.toBe("not_sent");
    const res = await edit(m, created._id, { email: "capped@example.com", price: "23" });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.info.price).toBe("23");
    expect(data.mail).toMatchObject({ status: "not_sent", reason: "mail_cap_recipient", queued: false, retryAfterSeconds: expect.any(Number) });
    expect(data.mail.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(data.mail.message).toBe("Not sent: you reached the most e-mails allowed (3). Send a reminder in 24 h, or share the pay link yourself.");
    expect(await mailsTo("capped@example.com")).toHaveLength(3);
  });

  it("says not sent yet when the mail server is failing or not set up: the mail stays queued", async () => {
    const m = await signInMerchant(suite.app);
    const created = await create(m, "smtp@example.com");
    // The latest hand-over to the SMTP server failed.
    const [failed] = await mailsTo("smtp@example.com");
    await suite.db.update(emails).set({ attempts: 1, lastError: "connect ECONNREFUSED 127.0.0.1:587", lastAttemptAt: sql`now()` }).where(eq(emails.id, failed.id));
    const res = await edit(m, created._id, { email: "smtp@example.com", price: "21" });
    expect((await res.json()).data.mail).toMatchObject({ status: "not_sent", reason: "mail_server_failing", queued: true });
    expect(await mailsTo("smtp@example.com")).toHaveLength(2);
    // Once a later attempt goes through, the server is delivering again.
    await deliverAll();
    expect((await (await edit(m, created._id, { email: "smtp@example.com", price: "22" })).json()).data.mail.status).toBe("sent");

    // Production without SMTP_URL sends nothing: the outbox keeps the mail.
    const production = createApp({ ...suite.deps, env: { ...suite.deps.env, ZPAY_MODE: "production", SMTP_URL: undefined } });
    const off = await (await edit(m, created._id, { email: "other@example.com" }, production)).json();
    expect(off.data.mail).toMatchObject({ status: "not_sent", reason: "mail_server_off", queued: true, to: "other@example.com" });
    expect(off.data.mail.message).toContain("no mail server set up");
  });

  it("refuses bad input without saving or mailing, and keeps another merchant out", async () => {
    const a = await signInMerchant(suite.app);
    const b = await signInMerchant(suite.app);
    const created = await create(a, "bad@example.com");
    const bad = await edit(a, created._id, { email: "bad@", price: "21" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues).toEqual([{ path: "email", message: "Invalid email address" }]);
    expect((await edit(a, created._id, { price: { amount: 21 } })).status).toBe(400);
    const stranger = await edit(b, created._id, { email: "bad@example.com", price: "99" });
    expect(stranger.status).toBe(404);
    const [row] = await suite.db.select().from(collects).where(eq(collects.id, created._id));
    expect(row).toMatchObject({ price: "20", version: 1 });
    expect(await mailsTo("bad@example.com")).toHaveLength(1);
    expect(await suite.db.select().from(emails).where(eq(emails.userId, b.id))).toHaveLength(0);
  });
});
