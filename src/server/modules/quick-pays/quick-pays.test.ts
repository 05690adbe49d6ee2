import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { quickPays, users } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { findPayableQuickPay, newHashedId } from "./service";
import { loadPaymentInfo } from "./payment-info";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const link = { label: "Coffee beans", desc: "1 kg, roasted this week", site: "https://shop.example.com", price: "12.5", currency: "USD", userCurrency: "USD" };

describe.each(TEST_BACKENDS)("zLinks (quick-pays) on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
  });
  afterAll(() => database.close());

  const call = (method: string, path: string, m?: Pick<Merchant, "auth">, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(m?.auth ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  async function create(m: Merchant, body: Record<string, unknown> = link) {
    const res = await call("POST", "/quick-pays/create", m, body);
    expect(res.status).toBe(201);
    return (await res.json()).data.info;
  }
  const read = async (m: Merchant, id: string) => (await (await call("GET", `/quick-pays/update/${id}`, m)).json()).data;

  it("creates a zLink, lists it newest first, reads it for editing and gives its hosted link", async () => {
    const m = await signInMerchant(app);
    expect((await (await call("GET", "/quick-pays", m)).json()).data).toEqual([]);
    const first = await create(m);
    expect(first).toMatchObject({
      user: m.id,
      label: "Coffee beans",
      desc: "1 kg, roasted this week",
      site: "https://shop.example.com",
      price: "12.5",
      amount: "12.5",
      currency: "USD",
      useFiat: true,
      fiat: "USD",
      token: null,
      priceBaseUnits: null,
      userCurrency: "USD",
      defaultToken: "USDC",
      enabled: true,
      updateUrl: `/quick-pays/update/${first._id}`,
      paymentInfo: null,
    });
    expect(first.hashedId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{12}$/);
    const second = await create(m, { label: "Tip", price: 3, currency: "USDC" });
    expect(second).toMatchObject({ price: "3", currency: "USDC", useFiat: false, token: "USDC", fiat: null, priceBaseUnits: "3000000", desc: "", site: null });

    const listed = (await (await call("GET", "/quick-pays", m)).json()).data;
    expect(listed.map((r: { _id: string }) => r._id)).toEqual([second._id, first._id]);

    const { key, info } = await read(m, first._id);
    expect(info).toEqual(first);
    expect(key).toBe("1");

    const res = await call("GET", `/quick-pays/${m.id}/${first._id}`, m);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ page_link: `http://localhost:4322/?p=${first.hashedId}`, hashedId: first.hashedId });
  });

  it("marks the merchant onboarded on the first successful save, and not on a refused one", async () => {
    const m = await signInMerchant(app);
    const onboarded = async () => (await (await call("GET", "/session", m)).json()).data.user.settings.isOnboarded;
    expect(await onboarded()).toBe(false);
    expect((await call("POST", "/quick-pays/create", m, { ...link, price: "0.05" })).status).toBe(400);
    expect(await onboarded()).toBe(false);
    await create(m);
    expect(await onboarded()).toBe(true);
    const [row] = await database.db.select().from(users).where(eq(users.id, m.id));
    expect(row.settings.permissions).toContain("quickpay"); // the rest of settings is untouched
  });

  it("updates an enabled zLink, keeping its public id; a stale edit key is refused", async () => {
    const m = await signInMerchant(app);
    const created = await create(m);
    const res = await call("PUT", `/quick-pays/update/${created._id}`, m, { ...link, label: "Beans", price: "10", currency: "USDC", _key: "1" });
    expect(res.status).toBe(200);
    const { key, info } = (await res.json()).data;
    expect(key).toBe("2");
    expect(info).toMatchObject({ _id: created._id, hashedId: created.hashedId, label: "Beans", price: "10", currency: "USDC", priceBaseUnits: "10000000" });
    const stale = await call("PUT", `/quick-pays/update/${created._id}`, m, { ...link, _key: "1" });
    expect(stale.status).toBe(409);
    expect((await stale.json()).code).toBe("stale_key");
  });

  it("disables a zLink for good: no edit, no second disable, no link, and the pay page can't find it", async () => {
    const m = await signInMerchant(app);
    const created = await create(m);
    expect(await findPayableQuickPay(database.db, created.hashedId)).toMatchObject({
      id: created._id,
      merchantId: m.id,
      price: "12.5",
      currency: "USD",
      useFiat: true,
      priceBaseUnits: null,
    });
    const wrongItem = await call("POST", `/quick-pays/disable/${created._id}`, m, { _item_id: "other", _key: "1" });
    expect(wrongItem.status).toBe(400);
    const res = await call("POST", `/quick-pays/disable/${created._id}`, m, { _item_id: created._id, _key: "1" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.data.info).toMatchObject({ enabled: false, updateUrl: null });

    const update = await call("PUT", `/quick-pays/update/${created._id}`, m, link);
    expect(update.status).toBe(409);
    expect((await update.json()).code).toBe("zlink_disabled");
    expect((await call("POST", `/quick-pays/disable/${created._id}`, m, { _item_id: created._id, _key: "2" })).status).toBe(409);
    expect((await call("GET", `/quick-pays/${m.id}/${created._id}`, m)).status).toBe(409);
    expect(await findPayableQuickPay(database.db, created.hashedId)).toBeUndefined();
    // Still listed and readable, shown as disabled.
    expect((await read(m, created._id)).info.enabled).toBe(false);
  });

  it.each([
    [{ label: "" }, "label", "Please add button label"],
    [{ label: "   " }, "label", "Please add button label"],
    [{ price: "" }, "price", "Please add amount for quick payment"],
    [{ price: "ten" }, "price", "Invalid price"],
    [{ price: "-5" }, "price", "Price cannot be less than zero"],
    [{ price: "1.005" }, "price", "Use at most 2 decimals for USD"],
    [{ site: "not a site" }, "site", "Invalid website url (Ex: http://localhost:4321)"],
    [{ currency: "EUR" }, "currency", "Choose a currency from the list"],
  ])("refuses %j with the SPEC message", async (change, path, message) => {
    const m = await signInMerchant(app);
    const res = await call("POST", "/quick-pays/create", m, { ...link, ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "invalid_request", message, issues: [{ path, message }] });
  });

  it("refuses an amount under 0.1 with 'Amount must be at least 0.1', on create and update", async () => {
    const m = await signInMerchant(app);
    for (const price of ["0.09", 0.05, "0"]) {
      const res = await call("POST", "/quick-pays/create", m, { ...link, price });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "amount_too_small", message: "Amount must be at least 0.1" });
    }
    expect((await call("POST", "/quick-pays/create", m, { ...link, price: "0.1" })).status).toBe(201);
    const created = await create(m);
    const res = await call("PUT", `/quick-pays/update/${created._id}`, m, { ...link, price: "0.01" });
    expect((await res.json()).code).toBe("amount_too_small");
    expect((await (await call("GET", "/quick-pays", m)).json()).data).toHaveLength(2);
  });

  it("reports every bad field at once, and a body of the wrong shape", async () => {
    const m = await signInMerchant(app);
    const res = await call("POST", "/quick-pays/create", m, { label: "", price: "x", currency: "USD", site: "nope" });
    const body = await res.json();
    expect(body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["label", "price", "site"]);
    expect((await call("POST", "/quick-pays/create", m, { label: 5, price: true })).status).toBe(400);
  });

  it("keeps merchants apart: a second merchant never sees or touches the first one's zLinks", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    const created = await create(a);
    expect((await (await call("GET", "/quick-pays", b)).json()).data).toEqual([]);
    for (const res of [
      await call("GET", `/quick-pays/update/${created._id}`, b),
      await call("PUT", `/quick-pays/update/${created._id}`, b, { ...link, label: "Hijacked" }),
      await call("POST", `/quick-pays/disable/${created._id}`, b, { _item_id: created._id, _key: "1" }),
      await call("GET", `/quick-pays/${a.id}/${created._id}`, b),
      await call("GET", `/quick-pays/${b.id}/${created._id}`, b),
    ]) {
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body).toEqual({ code: "not_found", message: "Payment Link not found" });
    }
    const { info } = await read(a, created._id);
    expect(info).toMatchObject({ label: "Coffee beans", enabled: true });
    const rows = await database.db.select().from(quickPays).where(eq(quickPays.id, created._id));
    expect(rows[0].userId).toBe(a.id);
  });

  it("answers 404 for ids that are not zLinks", async () => {
    const m = await signInMerchant(app);
    for (const id of ["nope", "00000000-0000-0000-0000-000000000000", "'; drop table quick_pays; --"]) {
      expect((await call("GET", `/quick-pays/update/${encodeURIComponent(id)}`, m)).status).toBe(404);
    }
  });

  it("needs a session, accepted terms and the quickpay permission", async () => {
    expect((await call("GET", "/quick-pays")).status).toBe(401);
    expect((await call("POST", "/quick-pays/create", undefined, link)).status).toBe(401);
    expect((await call("GET", "/quick-pays", { auth: { authorization: "Bearer nope" } })).status).toBe(401);
    const noTerms = await signInMerchant(app, { acceptTerms: false });
    const res = await call("GET", "/quick-pays", noTerms);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("terms_not_accepted");

    const noPermission = await signInMerchant(app);
    const [row] = await database.db.select().from(users).where(eq(users.id, noPermission.id));
    await database.db
      .update(users)
      .set({ settings: { ...row.settings, permissions: row.settings.permissions.filter((p) => p !== "quickpay") } })
      .where(eq(users.id, noPermission.id));
    for (const res of [await call("GET", "/quick-pays", noPermission), await call("POST", "/quick-pays/create", noPermission, link)]) {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("permission_denied");
    }
  });

  it("prices in the merchant's billing currency", async () => {
    const m = await signInMerchant(app);
    await database.db.update(users).set({ billingCurrency: "EUR" }).where(eq(users.id, m.id));
    const info = await create(m, { ...link, currency: "EUR", userCurrency: "GBP" });
    expect(info).toMatchObject({ currency: "EUR", fiat: "EUR", userCurrency: "EUR" });
    expect((await call("POST", "/quick-pays/create", m, { ...link, currency: "USD" })).status).toBe(400);
  });

  it("has no payment info until the payments module fills it", async () => {
    expect((await loadPaymentInfo(database.db, [])).size).toBe(0);
  });

  it("documents the zLink and wallet calls in the OpenAPI document", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/quick-pays",
        "/quick-pays/create",
        "/quick-pays/update/{id}",
        "/quick-pays/disable/{id}",
        "/quick-pays/{user}/{id}",
        "/wallet/networks",
      ]),
    );
    expect(Object.keys(doc.paths["/quick-pays/update/{id}"])).toEqual(expect.arrayContaining(["get", "put"]));
    expect(doc.components.schemas).toHaveProperty("QuickPay");
    expect(doc.components.schemas).toHaveProperty("PaymentInfo");
  });

  it("finds nothing for an unknown public id", async () => {
    expect(await findPayableQuickPay(database.db, newHashedId())).toBeUndefined();
    expect(await findPayableQuickPay(database.db, "")).toBeUndefined();
  });
});

describe("public ids", () => {
  it("are 12 base58 characters and do not repeat", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newHashedId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{12}$/);
  });
});
