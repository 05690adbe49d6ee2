import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { OrderDetails, PaymentStatus } from "@/lib/pay-api";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { donates, payableLinks, transactions, users } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { LINK_NOT_PAYABLE } from "../pay/product";
import { donationPrice } from "./payable";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const page = { label: "Support the shelter", desc: "Food for the winter", site: "https://shelter.example.org", currency: "USD", suggestedAmounts: ["5", "10", "25"] };

describe.each(TEST_BACKENDS)("donation pages (donates) on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000" });
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
  const payCall = (method: string, path: string, body?: unknown) =>
    payments.request(`/api${path}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  async function create(m: Merchant, body: Record<string, unknown> = page) {
    const res = await call("POST", "/donates/create", m, body);
    expect(res.status).toBe(201);
    return (await res.json()).data.info;
  }
  const list = async (m: Merchant) => (await (await call("GET", "/donates", m)).json()).data;
  const refused = async (res: Response, status: number, code: string, message?: string) => {
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.code).toBe(code);
    if (message) expect(body.message).toBe(message);
    return body;
  };

  /** A donation as the watcher leaves it (the pay flow itself is covered by the pay module's tests). */
  let seq = 0;
  async function donation(
    m: Merchant,
    donateId: string,
    o: { status: PaymentStatus; amount: bigint; token?: string; at: string; donor?: OrderDetails["donor"]; signed?: boolean },
  ) {
    seq += 1;
    const at = new Date(o.at);
    await database.db.insert(transactions).values({
      publicId: `don-${randomUUID()}`,
      productType: "donate",
      productId: donateId,
      userId: m.id,
      chainId: -5001,
      token: o.token ?? "USDC",
      tokenAddress: "mint",
      decimals: 6,
      recipient: "owner",
      recipientTokenAccount: "ata",
      requestedAmount: o.amount,
      receivedAmount: o.status === "initiated" ? null : o.amount,
      reference: `ref-${randomUUID()}`,
      status: o.status,
      signature: o.signed === false ? null : `sig-${seq}`,
      lockedAt: at,
      paidAt: o.status === "initiated" ? null : at,
      validatedAt: o.status === "validated" ? at : null,
      expiresAt: new Date(at.getTime() + 600_000),
      productInfo: { price: "10", currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: o.token ?? "USDC" },
      orderDetails: o.donor ? { donor: o.donor } : null,
    });
  }

  it("creates a page, lists it newest first with empty totals, reads it for editing and gives its hosted link", async () => {
    const m = await signInMerchant(app);
    expect(await list(m)).toEqual([]);
    const first = await create(m);
    expect(first).toMatchObject({
      user: m.id,
      label: "Support the shelter",
      desc: "Food for the winter",
      site: "https://shelter.example.org",
      currency: "USD",
      useFiat: true,
      suggestedAmounts: ["5", "10", "25"],
      userCurrency: "USD",
      enabled: true,
      updateUrl: `/donates/update/${first._id}`,
      donationsCount: 0,
      raised: [],
    });
    expect(first.hashedId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{12}$/);
    const second = await create(m, { label: "Tip jar", currency: "USDC", suggestedAmounts: [1, "2.5"] });
    expect(second).toMatchObject({ currency: "USDC", useFiat: false, suggestedAmounts: ["1", "2.5"], desc: "", site: null });
    expect((await list(m)).map((r: { _id: string }) => r._id)).toEqual([second._id, first._id]);

    const read = (await (await call("GET", `/donates/update/${first._id}`, m)).json()).data;
    expect(read).toEqual({ key: "1", info: first });
    const res = await call("GET", `/donates/${m.id}/${first._id}`, m);
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ page_link: `http://localhost:4322/?p=${first.hashedId}`, hashedId: first.hashedId });
    const [link] = await database.db.select().from(payableLinks).where(eq(payableLinks.hashedId, first.hashedId));
    expect(link).toMatchObject({ productType: "donate", productId: first._id, userId: m.id });
  });

  it("refuses bad input with each message", async () => {
    const m = await signInMerchant(app);
    const issues = async (body: Record<string, unknown>) => (await refused(await call("POST", "/donates/create", m, { ...page, ...body }), 400, "invalid_request")).issues;
    expect(await issues({ label: " " })).toEqual([{ path: "label", message: "Please add button label" }]);
    expect(await issues({ currency: "GBP" })).toEqual([{ path: "currency", message: "Choose a currency from the list" }]);
    expect(await issues({ site: "shelter" })).toEqual([{ path: "site", message: "Invalid website url (Ex: http://localhost:4321)" }]);
    expect(await issues({ suggestedAmounts: [] })).toEqual([{ path: "suggestedAmounts", message: "Add at least one suggested amount" }]);
    expect(await issues({ suggestedAmounts: ["1", "2", "3", "4", "5", "6", "7"] })).toEqual([{ path: "suggestedAmounts", message: "Suggest at most 6 amounts" }]);
    expect(await issues({ suggestedAmounts: ["0.09", "x", "", "1.234", "2000000", "0.10", "0.1"] })).toEqual(
      expect.arrayContaining([{ path: "suggestedAmounts", message: "Suggest at most 6 amounts" }]),
    );
    expect(await issues({ suggestedAmounts: ["0.09", "x", "", "1.234", "2000000", "5", "5.0"].slice(0, 6) })).toEqual([
      { path: "suggestedAmounts[0]", message: "Amount must be at least 0.1" },
      { path: "suggestedAmounts[1]", message: "Invalid amount" },
      { path: "suggestedAmounts[2]", message: "Please add an amount" },
      { path: "suggestedAmounts[3]", message: "Use at most 2 decimals for USD" },
      { path: "suggestedAmounts[4]", message: "Amount can be at most 1,000,000" },
    ]);
    expect(await issues({ suggestedAmounts: ["5", "5.0"] })).toEqual([{ path: "suggestedAmounts[1]", message: "This amount is already suggested" }]);
    expect(await list(m)).toEqual([]);
  });

  it("updates an enabled page keeping its public id; a stale key is refused; disabling is for good", async () => {
    const m = await signInMerchant(app);
    const created = await create(m);
    const res = await call("PUT", `/donates/update/${created._id}`, m, { ...page, label: "Winter food", suggestedAmounts: ["3"], currency: "USDC", _key: "1" });
    expect(res.status).toBe(200);
    const { key, info } = (await res.json()).data;
    expect(key).toBe("2");
    expect(info).toMatchObject({ _id: created._id, hashedId: created.hashedId, label: "Winter food", suggestedAmounts: ["3"], currency: "USDC", useFiat: false });
    await refused(await call("PUT", `/donates/update/${created._id}`, m, { ...page, _key: "1" }), 409, "stale_key", "This donation page was changed elsewhere. Reload it and try again");

    await refused(await call("POST", `/donates/disable/${created._id}`, m, { _item_id: "other", _key: "2" }), 400, "invalid_request");
    await refused(await call("POST", `/donates/disable/${created._id}`, m, { _item_id: created._id, _key: "1" }), 409, "stale_key");
    const disabled = await call("POST", `/donates/disable/${created._id}`, m, { _item_id: created._id, _key: "2" });
    expect(disabled.status).toBe(200);
    expect((await disabled.json()).data.info).toMatchObject({ enabled: false, updateUrl: null });
    await refused(await call("PUT", `/donates/update/${created._id}`, m, page), 409, "donate_disabled");
    await refused(await call("POST", `/donates/disable/${created._id}`, m, { _item_id: created._id, _key: "3" }), 409, "donate_disabled");
    await refused(await call("GET", `/donates/${m.id}/${created._id}`, m), 409, "donate_disabled");
    await refused(await payCall("GET", `/pay/${created.hashedId}`), 404, "link_not_found", LINK_NOT_PAYABLE);
    const start = { chainId: -5001, token: "USDC", payer: "11111111111111111111111111111111", sessionId: "session-1234", amount: "5" };
    await refused(await payCall("POST", `/pay/${created.hashedId}/start`, start), 404, "link_not_found", LINK_NOT_PAYABLE);
  });

  it("keeps each merchant's pages to themselves: the same 404 as an unknown id", async () => {
    const owner = await signInMerchant(app);
    const other = await signInMerchant(app);
    const mine = await create(owner);
    await donation(owner, mine._id, { status: "validated", amount: 5_000_000n, at: "2026-01-01T10:00:00Z", donor: { name: "Ana" } });
    expect(await list(other)).toEqual([]);
    const notFound = (res: Response) => refused(res, 404, "not_found", "Donation page not found");
    for (const id of [mine._id, randomUUID(), "not-a-uuid"]) {
      await notFound(await call("GET", `/donates/update/${id}`, other));
      await notFound(await call("PUT", `/donates/update/${id}`, other, { ...page, _key: "1" }));
      await notFound(await call("POST", `/donates/disable/${id}`, other, { _item_id: id, _key: "1" }));
      await notFound(await call("GET", `/donates/${id}/donations`, other));
      await notFound(await call("GET", `/donates/${other.id}/${id}`, other));
    }
    await notFound(await call("GET", `/donates/${owner.id}/${mine._id}`, other));
    const [row] = await database.db.select().from(donates).where(eq(donates.id, mine._id));
    expect(row).toMatchObject({ enabled: true, label: page.label, version: 1 });
    expect((await list(owner))[0]).toMatchObject({ donationsCount: 1 });
  });

  it("asks for a session and the donate permission", async () => {
    expect((await call("GET", "/donates")).status).toBe(401);
    expect((await call("POST", "/donates/create", undefined, page)).status).toBe(401);
    const m = await signInMerchant(app);
    await database.db
      .update(users)
      .set({ settings: sql`jsonb_set(${users.settings}, '{permissions}', '["quickpay"]'::jsonb)` })
      .where(eq(users.id, m.id));
    expect((await call("GET", "/donates", m)).status).toBe(403);
    expect((await call("POST", "/donates/create", m, page)).status).toBe(403);
  });

  it("lists the totals per token and the donations of a page, newest first, paged", async () => {
    const m = await signInMerchant(app);
    const a = await create(m);
    const b = await create(m, { ...page, label: "Second" });
    await donation(m, a._id, { status: "validated", amount: 5_000_000n, at: "2026-01-01T10:00:00Z", donor: { name: "Ana", message: "Keep going!" } });
    await donation(m, a._id, { status: "validated", amount: 10_500_000n, at: "2026-01-02T10:00:00Z" });
    await donation(m, a._id, { status: "validated", amount: 2_000_000n, token: "USDT", at: "2026-01-03T10:00:00Z", donor: { message: "From Lyon" } });
    await donation(m, a._id, { status: "paid", amount: 7_000_000n, at: "2026-01-04T10:00:00Z", donor: { name: "Bo" } });
    await donation(m, a._id, { status: "initiated", amount: 9_000_000n, at: "2026-01-05T10:00:00Z", signed: false });
    await donation(m, b._id, { status: "validated", amount: 1_000_000n, at: "2026-01-01T10:00:00Z" });

    const rows = await list(m);
    expect(rows.find((r: { _id: string }) => r._id === a._id)).toMatchObject({
      donationsCount: 3,
      raised: [
        { token: "USDC", decimals: 6, value: "15500000" },
        { token: "USDT", decimals: 6, value: "2000000" },
      ],
    });
    expect(rows.find((r: { _id: string }) => r._id === b._id)).toMatchObject({ donationsCount: 1, raised: [{ token: "USDC", value: "1000000" }] });

    const res = await call("GET", `/donates/${a._id}/donations?limit=3`, m);
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect(first.data.map((d: { donorName: string | null; message: string | null; status: string; amount: { value: string } }) => [d.donorName, d.message, d.status, d.amount.value])).toEqual([
      ["Bo", null, "paid", "7000000"],
      [null, "From Lyon", "validated", "2000000"],
      [null, null, "validated", "10500000"],
    ]);
    expect(first.data[0]).toMatchObject({ date: "2026-01-04T10:00:00.000Z", price: "10", currency: "USD", paymentInfo: { status: "paid", hash: expect.any(String) } });
    const second = await (await call("GET", `/donates/${a._id}/donations?limit=3&page=2`, m)).json();
    expect(second.data).toHaveLength(1);
    expect(second.data[0]).toMatchObject({ donorName: "Ana", message: "Keep going!", amount: { value: "5000000", currency: "USDC", decimals: 6 } });
    expect((await call("GET", `/donates/${a._id}/donations?limit=1000`, m)).status).toBe(400);
  });

  it("shows the page to payers with its suggestions and minimum, and refuses a bad amount at start", async () => {
    const m = await signInMerchant(app);
    const created = await create(m);
    const seen = await payCall("GET", `/pay/${created.hashedId}`);
    expect(seen.status).toBe(200);
    expect((await seen.json()).data).toMatchObject({
      id: created.hashedId,
      type: "donate",
      label: "Support the shelter",
      price: "0.1",
      currency: "USD",
      donation: { suggestedAmounts: ["5", "10", "25"], minimum: "0.1" },
    });
    const start = (extra: Record<string, unknown>) =>
      payCall("POST", `/pay/${created.hashedId}/start`, { chainId: -5001, token: "USDC", payer: "11111111111111111111111111111111", sessionId: "session-1234", ...extra });
    await refused(await start({}), 400, "amount_required", "Please choose an amount");
    await refused(await start({ amount: "0.09" }), 400, "amount_too_small", "Amount must be at least 0.1");
    await refused(await start({ amount: "1000000.01" }), 400, "amount_too_large", "Amount can be at most 1,000,000");
    await refused(await start({ amount: "1.005" }), 400, "invalid_amount", "Use at most 2 decimals for USD");
  });
});

describe("a donation's price", () => {
  const row = {
    id: randomUUID(),
    currency: "USDC",
    useFiat: false,
    suggestedAmounts: ["5"],
  } as Parameters<typeof donationPrice>[0];

  it("takes the payer's amount and trimmed note; many donations per page", () => {
    expect(donationPrice(row, { amount: "2.50", donor: { name: "  Ana ", message: " Merci ! " } })).toEqual({
      price: "2.5",
      currency: "USDC",
      useFiat: false,
      priceBaseUnits: 2_500_000n,
      order: { donor: { name: "Ana", message: "Merci !" } },
    });
    expect(donationPrice(row, { amount: "0.1", donor: { name: "   " } })).toEqual({
      price: "0.1",
      currency: "USDC",
      useFiat: false,
      priceBaseUnits: 100_000n,
      order: { donor: { name: undefined, message: undefined } },
    });
    expect(donationPrice({ ...row, currency: "EUR", useFiat: true }, { amount: "12.34" })).toMatchObject({ price: "12.34", useFiat: true, priceBaseUnits: null });
  });

  it("refuses what is not allowed with the payer's message", () => {
    expect(() => donationPrice(row, {})).toThrow("Please choose an amount");
    expect(() => donationPrice(row, { amount: "0.0999" })).toThrow("Amount must be at least 0.1");
    expect(() => donationPrice(row, { amount: "1000001" })).toThrow("Amount can be at most 1,000,000");
    expect(() => donationPrice(row, { amount: "1.0000001" })).toThrow("Use at most 6 decimals for USDC");
  });
});
