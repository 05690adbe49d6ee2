import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { collects, emails, payableLinks, users } from "../../db/schema";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { USD_PRODUCT_INFO, seeMadeUpPaymentPaid, startMadeUpPayment } from "../../testing/made-up-payments";
import { signInMerchant } from "../../testing/merchants";
import { findPayable } from "../pay/payables";
import { shortenAddress } from "@/lib/address";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const request = { name: "Ada Payer", email: "ada@example.com", desc: "March consulting", price: "12.5", currency: "USD", userCurrency: "USD" };

describe.each(TEST_BACKENDS)("zRequests (collects) on %s", (kind) => {
  const suite = appSuite(kind);
  const { call } = suite;

  async function create(m: Merchant, body: Record<string, unknown> = request) {
    const res = await call("POST", "/collects/create", m, body);
    expect(res.status).toBe(201);
    return (await res.json()).data.info;
  }
  const mailsTo = (to: string) => suite.db.select().from(emails).where(eq(emails.to, to));
  /** Lets the reminder slot pass without waiting: the last e-mail moves two minutes back. */
  const ageLastEmail = (id: string) =>
    suite.db.update(collects).set({ lastEmailedAt: sql`now() - interval '2 minutes'` }).where(eq(collects.id, id));
  /** A payment on chain for the zRequest, confirmed then (when `finalized`) validated. */
  async function pay(m: Merchant, productId: string, finalized = true) {
    const tx = await startMadeUpPayment(suite.db, m.id, { productId, productInfo: USD_PRODUCT_INFO });
    await seeMadeUpPaymentPaid(suite.db, tx, { finalized });
    return tx;
  }

  it("creates a zRequest with its pay link and the payer's e-mail in one go, lists it and reads it", async () => {
    const m = await signInMerchant(suite.app);
    await suite.db.update(users).set({ language: "fr", email: "shop@merchant.example" }).where(eq(users.id, m.id));
    expect((await (await call("GET", "/collects", m)).json()).data).toEqual([]);
    const first = await create(m);
    expect(first).toMatchObject({
      user: m.id,
      name: "Ada Payer",
      email: "ada@example.com",
      desc: "March consulting",
      site: null,
      price: "12.5",
      amount: "12.5",
      currency: "USD",
      useFiat: true,
      userCurrency: "USD",
      status: "pending",
      enabled: true,
      updateUrl: `/collects/update/${first._id}`,
      paymentInfo: null,
    });
    expect(first.hashedId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{12}$/);
    expect(first.lastEmailedAt).not.toBeNull();
    const second = await create(m, { ...request, email: "bob@example.com", price: 3, currency: "USDC" });
    expect(second).toMatchObject({ price: "3", currency: "USDC", useFiat: false });

    const [link] = await suite.db.select().from(payableLinks).where(eq(payableLinks.hashedId, first.hashedId));
    expect(link).toMatchObject({ productType: "collect", productId: first._id, userId: m.id });
    const [mail] = await mailsTo("ada@example.com");
    expect(mail).toMatchObject({
      userId: m.id,
      template: "collect-request",
      language: "fr",
      status: "pending",
      data: {
        merchantName: "", // an address nobody verified is not how the payer is told who asks: the wallet is
        merchantWallet: shortenAddress(m.key.address),
        unsubscribeUrl: expect.stringMatching(/^http:\/\/localhost:4322\/unsubscribe\?t=/),
        payerName: "Ada Payer",
        amount: "12.5",
        currency: "USD",
        message: "March consulting",
        payUrl: `http://localhost:4322/?p=${first.hashedId}`,
      },
    });

    const listed = (await (await call("GET", "/collects", m)).json()).data;
    expect(listed.map((r: { _id: string }) => r._id)).toEqual([second._id, first._id]);
    const read = (await (await call("GET", `/collects/update/${first._id}`, m)).json()).data;
    expect(read).toEqual({ key: "1", info: first });
    const res = await call("GET", `/collects/${m.id}/${first._id}`, m);
    expect((await res.json()).data).toEqual({ page_link: `http://localhost:4322/?p=${first.hashedId}`, hashedId: first.hashedId });
    // SPEC: the first zLink or bill marks the merchant onboarded; a zRequest does not.
    expect((await (await call("GET", "/session", m)).json()).data.user.settings.isOnboarded).toBe(false);
  });

  it("writes nothing when the e-mail can't be queued: row, link and mail commit together", async () => {
    const m = await signInMerchant(suite.app);
    const before = (await suite.db.select().from(collects).where(eq(collects.userId, m.id))).length;
    // A template the outbox check refuses stands for any failure inside the transaction.
    await suite.db.execute(sql`alter table emails add constraint emails_test_block check (template <> 'collect-request') not valid`);
    try {
      const res = await call("POST", "/collects/create", m, request);
      expect(res.status).toBe(500);
    } finally {
      await suite.db.execute(sql`alter table emails drop constraint emails_test_block`);
    }
    expect(await suite.db.select().from(collects).where(eq(collects.userId, m.id))).toHaveLength(before);
    expect(await suite.db.select().from(payableLinks).where(eq(payableLinks.userId, m.id))).toHaveLength(0);
  });

  it("updates an open zRequest (POST), e-mails a new payer address, and refuses a stale key", async () => {
    const m = await signInMerchant(suite.app);
    const created = await create(m, { ...request, email: "first@example.com" });
    const same = await call("POST", `/collects/update/${created._id}`, m, { ...request, email: "first@example.com", name: "Ada P.", _key: "1" });
    expect(same.status).toBe(200);
    expect((await same.json()).data).toMatchObject({ key: "2", info: { _id: created._id, hashedId: created.hashedId, name: "Ada P." }, mail: { status: "unchanged" } });
    expect(await mailsTo("first@example.com")).toHaveLength(1); // a new name alone is no reason to write again

    const moved = await call("POST", `/collects/update/${created._id}`, m, { ...request, email: "second@example.com", _key: "2" });
    expect(moved.status).toBe(200);
    const [mail] = await mailsTo("second@example.com");
    expect(mail).toMatchObject({ template: "collect-request", data: { payUrl: `http://localhost:4322/?p=${created.hashedId}` } });

    const stale = await call("POST", `/collects/update/${created._id}`, m, { ...request, _key: "1" });
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe("stale_key");
  });

  it.each([
    [{ name: "" }, "name", "Please add the name"],
    [{ email: "" }, "email", "Please add valid email address"],
    [{ email: "ada@" }, "email", "Invalid email address"],
    [{ desc: " " }, "desc", "Please add description for the collect request"],
    [{ price: "" }, "price", "Please add amount to collect"],
    [{ price: "ten" }, "price", "Invalid amount"],
    [{ price: "-5" }, "price", "Price cannot be less than zero"],
    [{ price: "1.005" }, "price", "Use at most 2 decimals for USD"],
    [{ currency: "EUR" }, "currency", "Choose a currency from the list"],
  ])("refuses %j with the SPEC message", async (change, path, message) => {
    const m = await signInMerchant(suite.app);
    const res = await call("POST", "/collects/create", m, { ...request, ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "invalid_request", message, issues: [{ path, message }] });
  });

  it("refuses an amount under 0.1 with 'Amount must be at least 0.1', on create and update", async () => {
    const m = await signInMerchant(suite.app);
    for (const price of ["0.09", 0.05, "0"]) {
      const res = await call("POST", "/collects/create", m, { ...request, price });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: "amount_too_small",
        message: "Amount must be at least 0.1",
        issues: [{ path: "price", message: "Amount must be at least 0.1" }],
      });
    }
    const created = await create(m, { ...request, price: "0.1" });
    const res = await call("POST", `/collects/update/${created._id}`, m, { ...request, price: "0.01" });
    expect((await res.json()).code).toBe("amount_too_small");
    expect((await (await call("GET", "/collects", m)).json()).data).toHaveLength(1);
    expect(await mailsTo("ada@example.com")).toEqual(expect.arrayContaining([expect.objectContaining({ userId: m.id })]));
  });

  it("reports every bad field at once, and a body of the wrong shape", async () => {
    const m = await signInMerchant(suite.app);
    const res = await call("POST", "/collects/create", m, { name: "", email: "x", desc: "", price: "x", currency: "USD" });
    const body = await res.json();
    expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["desc", "email", "name", "price"]);
    expect((await call("POST", "/collects/create", m, { name: 5, price: true })).status).toBe(400);
  });

  it("sends a reminder at most once a minute, and never for a disabled request", async () => {
    const m = await signInMerchant(suite.app);
    const created = await create(m, { ...request, email: "remind@example.com" });
    const remind = () => call("POST", "/trigger-email", m, { _item_id: created._id });
    const tooSoon = await remind(); // the request itself was just e-mailed: no reminder was, and the refusal says so
    expect(tooSoon.status).toBe(429);
    expect(await tooSoon.json()).toEqual({
      code: "request_mail_too_soon",
      message: "The request e-mail was sent less than a minute ago. Please wait a moment before sending a reminder",
    });
    await ageLastEmail(created._id);
    const sent = await remind();
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ success: true, data: { mail: { status: "sent", to: "remind@example.com" } } });
    const again = await remind();
    expect(again.status).toBe(429);
    expect((await again.json()).code).toBe("reminder_too_soon");
    const mails = await mailsTo("remind@example.com");
    expect(mails.map((e) => e.template).sort()).toEqual(["collect-reminder", "collect-request"]);
    expect(mails.find((e) => e.template === "collect-reminder")?.data).toMatchObject({ payerName: "Ada Payer", amount: "12.5" });

    await ageLastEmail(created._id);
    expect((await call("POST", `/collects/disable/${created._id}`, m, { _item_id: created._id, _key: "1" })).status).toBe(200);
    const refused = await remind();
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("collect_disabled");
    expect((await call("POST", "/trigger-email", m, {})).status).toBe(400);
  });

  it("disables a zRequest for good: no edit, no link, and the pay page can't find it", async () => {
    const m = await signInMerchant(suite.app);
    const created = await create(m);
    expect(await findPayable(suite.deps, created.hashedId)).toMatchObject({
      payable: { type: "collect", id: created._id, merchantId: m.id, label: "March consulting", view: { request: { name: "Ada Payer" } } },
      paid: false,
      paying: false,
    });
    expect((await call("POST", `/collects/disable/${created._id}`, m, { _item_id: "other", _key: "1" })).status).toBe(400);
    const res = await call("POST", `/collects/disable/${created._id}`, m, { _item_id: created._id, _key: "1" });
    expect(res.status).toBe(200);
    expect((await res.json()).data.info).toMatchObject({ enabled: false, updateUrl: null, status: "disabled" });
    const update = await call("POST", `/collects/update/${created._id}`, m, request);
    expect((await update.json()).code).toBe("collect_disabled");
    expect((await call("POST", `/collects/disable/${created._id}`, m, { _item_id: created._id, _key: "2" })).status).toBe(409);
    expect((await call("GET", `/collects/${m.id}/${created._id}`, m)).status).toBe(409);
    expect(await findPayable(suite.deps, created.hashedId)).toBeUndefined();
  });

  it("once paid: Completed with its payment info, no update URL, no edit or reminder, and the pay side says paid", async () => {
    const m = await signInMerchant(suite.app);
    const created = await create(m);
    await pay(m, created._id, false);
    expect(await findPayable(suite.deps, created.hashedId)).toMatchObject({ paid: false, paying: true });
    const verifying = (await (await call("GET", "/collects", m)).json()).data[0];
    expect(verifying).toMatchObject({ status: "verifying", updateUrl: null, paymentInfo: { status: "paid" } });

    const paid = await create(m, { ...request, email: "paid@example.com" });
    const tx = await pay(m, paid._id);
    const row = (await (await call("GET", "/collects", m)).json()).data.find((r: { _id: string }) => r._id === paid._id);
    expect(row).toMatchObject({ status: "completed", updateUrl: null, paymentInfo: { _id: tx.id, status: "validated", type: "collect" } });
    expect(await findPayable(suite.deps, paid.hashedId)).toMatchObject({ paid: true });

    const edit = await call("POST", `/collects/update/${paid._id}`, m, { ...request, price: "1" });
    expect(edit.status).toBe(409);
    expect((await edit.json()).code).toBe("collect_paid");
    await ageLastEmail(paid._id);
    const reminder = await call("POST", "/trigger-email", m, { _item_id: paid._id });
    expect(reminder.status).toBe(409);
    expect((await reminder.json()).code).toBe("collect_paid");
  });

  it("keeps merchants apart: a second merchant can't list, read, edit, disable, remind or link the first one's zRequests", async () => {
    const a = await signInMerchant(suite.app);
    const b = await signInMerchant(suite.app);
    const created = await create(a);
    await ageLastEmail(created._id);
    expect((await (await call("GET", "/collects", b)).json()).data).toEqual([]);
    for (const res of [
      await call("GET", `/collects/update/${created._id}`, b),
      await call("POST", `/collects/update/${created._id}`, b, { ...request, name: "Hijacked" }),
      await call("POST", `/collects/disable/${created._id}`, b, { _item_id: created._id, _key: "1" }),
      await call("POST", "/trigger-email", b, { _item_id: created._id }),
      await call("GET", `/collects/${a.id}/${created._id}`, b),
      await call("GET", `/collects/${b.id}/${created._id}`, b),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "not_found", message: "zRequest not found" });
    }
    const [row] = await suite.db.select().from(collects).where(and(eq(collects.id, created._id), eq(collects.userId, a.id)));
    expect(row).toMatchObject({ name: "Ada Payer", enabled: true, version: 1 });
    expect((await suite.db.select().from(emails).where(eq(emails.userId, b.id))).length).toBe(0);
  });

  it("answers 404 for ids that are not zRequests", async () => {
    const m = await signInMerchant(suite.app);
    for (const id of ["nope", "00000000-0000-0000-0000-000000000000"]) {
      expect((await call("GET", `/collects/update/${encodeURIComponent(id)}`, m)).status).toBe(404);
      expect((await call("POST", "/trigger-email", m, { _item_id: id })).status).toBe(404);
    }
  });

  it("needs a session, accepted terms and the collect permission", async () => {
    expect((await call("GET", "/collects")).status).toBe(401);
    expect((await call("POST", "/trigger-email", undefined, { _item_id: "x" })).status).toBe(401);
    const noTerms = await signInMerchant(suite.app, { acceptTerms: false });
    expect((await call("GET", "/collects", noTerms)).status).toBe(403);
    const noPermission = await signInMerchant(suite.app);
    const [row] = await suite.db.select().from(users).where(eq(users.id, noPermission.id));
    await suite.db
      .update(users)
      .set({ settings: { ...row.settings, permissions: row.settings.permissions.filter((p) => p !== "collect") } })
      .where(eq(users.id, noPermission.id));
    for (const res of [
      await call("GET", "/collects", noPermission),
      await call("POST", "/collects/create", noPermission, request),
      await call("POST", "/trigger-email", noPermission, { _item_id: "x" }),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("permission_denied");
    }
  });

  it("documents the zRequest calls in the OpenAPI document", async () => {
    const doc = await (await suite.app.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/collects", "/collects/create", "/collects/update/{id}", "/collects/disable/{id}", "/collects/{user}/{id}", "/trigger-email"]),
    );
    expect(Object.keys(doc.paths["/collects/update/{id}"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(doc.components.schemas).toHaveProperty("Collect");
  });
});
