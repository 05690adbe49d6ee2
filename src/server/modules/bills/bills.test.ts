import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const PAY = "http://pay.test";
const line = { description: "Consulting", quantity: "3", unitPrice: { currency: "USD", value: "0.333" }, taxPercent: "7.5" };

describe.each(TEST_BACKENDS)("zInvoice (bills) on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", PAYMENTS_ORIGIN: PAY });
    app = createApp(deps);
    payments = createPaymentsApp(deps);
  });
  afterAll(() => database.close());

  const call = (method: string, path: string, m?: Pick<Merchant, "auth">, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(m?.auth ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const ok = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };
  const payee = async (m: Merchant) => (await ok(await call("POST", "/v1/customers", m, { name: "Grace", email: `g${Math.random()}@example.com` }), 201)).data.customer._id as string;
  const desc = (client: string, over: Record<string, unknown> = {}) =>
    JSON.stringify({ invoiceNumber: "", issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client, currency: "USD", invoiceInclusions: [line], notes: "", invoiceTotal: { totalAmount: "999999" }, ...over });
  const create = async (m: Merchant, client: string, over: Record<string, unknown> = {}) =>
    (await ok(await call("POST", "/bills/create", m, { label: "Pay Now", price: "0.01", currency: "USD", userCurrency: "USD", desc: desc(client), ...over }), 201)).data.info;

  it("creates a bill priced by the server from its lines, lists it, reads it with its key, updates it, gives its links", async () => {
    const m = await signInMerchant(app);
    const [before] = await database.db.select().from(users).where(eq(users.id, m.id));
    expect(before.settings.isOnboarded).toBe(false);
    const client = await payee(m);
    const bill = await create(m, client);
    // 3 × 0.333 = 0.999 → 0.99; tax 0.999 × 7.5 % = 0.074925 → 0.07.
    expect(bill).toMatchObject({ label: "Pay Now", price: "1.06", currency: "USD", userCurrency: "USD", defaultToken: "USDC", status: "ACTIVE", enabled: true, paymentInfo: null });
    expect(JSON.parse(bill.desc)).toMatchObject({ invoiceNumber: "ZSH000001", client, invoiceTotal: { totalAmount: "106" }, layout: "DEFAULT" });
    expect(bill.invoice).toMatchObject({ kind: "bill", invoiceNumber: "ZSH000001" });
    const [after] = await database.db.select().from(users).where(eq(users.id, m.id));
    expect(after.settings.isOnboarded).toBe(true);

    expect((await ok(await call("GET", "/bills", m))).data.map((b: { _id: string }) => b._id)).toEqual([bill._id]);
    // A v1 invoice list does not show bills, and the other way round.
    expect((await ok(await call("GET", "/v1/invoices", m))).data).toEqual([]);
    const read = await ok(await call("GET", `/bills/update/${bill._id}`, m));
    expect(read.data.key).toBe("1");
    const updated = await ok(
      await call("PUT", `/bills/update/${bill._id}`, m, { _item_id: bill._id, _key: read.data.key, label: "Settle", currency: "USD", desc: desc(client, { invoiceInclusions: [{ ...line, quantity: "10" }] }) }),
    );
    expect(updated.data).toMatchObject({ key: "2", info: { label: "Settle", price: "3.57" } });
    const stale = await call("PUT", `/bills/update/${bill._id}`, m, { _key: "1", label: "Again", currency: "USD", desc: desc(client) });
    expect(stale.status).toBe(409);
    const links = await ok(await call("GET", `/bills/${m.id}/${bill._id}`, m));
    expect(links.data).toEqual({ page_link: `${PAY}/?p=${bill.hashedId}`, invoice_link: `${PAY}/invoice?i=${bill.hashedId}`, hashedId: bill.hashedId });
    const product = await ok(await payments.request(`/api/pay/${bill.hashedId}`));
    expect(product.data ?? product).toMatchObject({ label: "Settle", price: "3.57", currency: "USD" });
  });

  it("refuses bad bills with the SPEC §5 messages and a desc that is not JSON", async () => {
    const m = await signInMerchant(app);
    const client = await payee(m);
    const res = await call("POST", "/bills/create", m, { label: "", currency: "USD", desc: desc(client, { issuedOn: "", invoiceInclusions: [{ ...line, description: "" }] }) });
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual(
      expect.arrayContaining([
        { path: "label", message: "Please add button label" },
        { path: "issuedOn", message: "Required" },
        { path: "invoiceInclusions[0].description", message: "Description is required" },
      ]),
    );
    const notJson = await call("POST", "/bills/create", m, { label: "Pay", currency: "USD", desc: "{oops" });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).issues).toEqual([{ path: "desc", message: "Invalid JSON" }]);
  });

  it("disables a bill for good: DISABLED, no longer payable nor editable; its page says so", async () => {
    const m = await signInMerchant(app);
    const bill = await create(m, await payee(m));
    expect((await call("POST", `/bills/disable/${bill._id}`, m, { _item_id: "other", _key: "1" })).status).toBe(400);
    const disabled = await ok(await call("POST", `/bills/disable/${bill._id}`, m, { _item_id: bill._id, _key: "1" }));
    expect(disabled).toMatchObject({ success: true, data: { info: { status: "DISABLED", enabled: false } } });
    expect((await payments.request(`/api/pay/${bill.hashedId}`)).status).toBe(404);
    expect((await call("GET", `/bills/${m.id}/${bill._id}`, m)).status).toBe(409);
    expect((await call("PUT", `/bills/update/${bill._id}`, m, { label: "x", currency: "USD", desc: desc("x") })).status).toBe(409);
    expect((await ok(await payments.request(`/api/pay/invoices/${bill.hashedId}`))).data.status).toBe("DISABLED");
  });

  it("keeps one merchant's bills from another (404 like an unknown id)", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    const bill = await create(a, await payee(a));
    expect((await ok(await call("GET", "/bills", b))).data).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `/bills/update/${bill._id}`, undefined],
      ["PUT", `/bills/update/${bill._id}`, { label: "x", currency: "USD", desc: desc(await payee(b)) }],
      ["POST", `/bills/disable/${bill._id}`, { _item_id: bill._id, _key: "1" }],
      ["GET", `/bills/${a.id}/${bill._id}`, undefined],
      ["GET", `/bills/${b.id}/${bill._id}`, undefined],
      ["GET", `/bills/pdf/${bill._id}`, undefined],
    ] as const) {
      const res = await call(method, path, b, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    // A bill is not a v1 invoice.
    expect((await call("GET", `/v1/invoices/${bill._id}`, a)).status).toBe(404);
    expect((await call("GET", "/bills")).status).toBe(401);
  });
});
