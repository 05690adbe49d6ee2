import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { callJson } from "../../testing/call-json";
import { signInMerchant } from "../../testing/merchants";
import { CART_MESSAGES } from "@/lib/cart";
import { ApiError } from "../../http/errors";
import { findPayableLink } from "../../payments/payable-links";
import { PAYABLE_SOURCES } from "../pay/payables";
import { CART_PAY_MESSAGES, checkoutPayable } from "./payable";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const START = { chainId: 900, token: "USDC", sessionId: "session-1" };

describe.each(TEST_BACKENDS)("zCart checkouts (products) on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", PAYMENTS_ORIGIN: "http://pay.test" });
    app = createApp(deps);
    payments = createPaymentsApp(deps);
  });
  afterAll(() => database.close());

  const call = (method: string, path: string, m?: Merchant, body?: unknown) => callJson(app, method, `/api${path}`, body, m?.auth);
  async function newItem(m: Merchant, body: Record<string, unknown>) {
    const res = await call("POST", "/catalog/create", m, { description: "", ...body });
    expect(res.status).toBe(201);
    return res.body.data.info as { _id: string };
  }
  /** A merchant with a mug (12.5 USD), a tee (20 USD) and a USDC sticker. */
  async function shop() {
    const m = await signInMerchant(app);
    const mug = await newItem(m, { name: "Mug", description: "Stoneware", price: "12.5", currency: "USD" });
    const tee = await newItem(m, { name: "Tee", price: "20", currency: "USD" });
    const sticker = await newItem(m, { name: "Sticker", price: "0.5", currency: "USDC" });
    return { m, mug, tee, sticker };
  }
  const checkout = (mugId: string, teeId: string, extra: Record<string, unknown> = {}) => ({
    label: "Buy the set",
    desc: "Ships in a week",
    lines: [
      { itemId: mugId, quantity: 2 },
      { itemId: teeId, quantity: 1 },
    ],
    quantitiesEditable: true,
    ...extra,
  });

  it("creates a checkout with its total, lists, reads, updates and gives its hosted link", async () => {
    const { m, mug, tee } = await shop();
    const res = await call("POST", "/products/create", m, checkout(mug._id, tee._id));
    expect(res.status).toBe(201);
    const info = res.body.data.info;
    expect(info).toMatchObject({
      user: m.id,
      label: "Buy the set",
      desc: "Ships in a week",
      quantitiesEditable: true,
      price: "45",
      amount: "45",
      currency: "USD",
      useFiat: true,
      enabled: true,
      updateUrl: `/products/update/${info._id}`,
      paymentInfo: null,
      lines: [
        { itemId: mug._id, name: "Mug", unitPrice: "12.5", quantity: 2, imageUrl: null, enabled: true },
        { itemId: tee._id, name: "Tee", unitPrice: "20", quantity: 1, imageUrl: null, enabled: true },
      ],
    });
    expect(await findPayableLink(database.db, info.hashedId)).toMatchObject({ productType: "product", productId: info._id, userId: m.id });
    expect((await call("GET", "/products", m)).body.data).toEqual([info]);
    expect((await call("GET", `/products/update/${info._id}`, m)).body.data).toEqual({ key: "1", info });
    const links = await call("GET", `/products/${m.id}/${info._id}`, m);
    expect(links.body.data).toEqual({ page_link: `http://pay.test/?p=${info.hashedId}`, hashedId: info.hashedId });

    const updated = await call("PUT", `/products/update/${info._id}`, m, { ...checkout(mug._id, tee._id), lines: [{ itemId: tee._id, quantity: 3 }], quantitiesEditable: false, _key: "1" });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ key: "2", info: { hashedId: info.hashedId, price: "60", quantitiesEditable: false, lines: [{ itemId: tee._id, quantity: 3 }] } });
    expect((await call("PUT", `/products/update/${info._id}`, m, { ...checkout(mug._id, tee._id), _key: "1" })).body.code).toBe("stale_key");
  });

  it("refuses bad input with the form's messages", async () => {
    const { m, mug, tee, sticker } = await shop();
    const other = await shop();
    const cases: [Record<string, unknown>, string, string][] = [
      [checkout(mug._id, tee._id, { label: " " }), "label", "Please add button label"],
      [checkout(mug._id, tee._id, { lines: [] }), "lines", CART_MESSAGES.linesRequired],
      [checkout(mug._id, tee._id, { lines: [{ itemId: mug._id, quantity: 0 }] }), "lines[0].quantity", CART_MESSAGES.quantityInvalid],
      [checkout(mug._id, tee._id, { lines: [{ itemId: mug._id, quantity: 100 }] }), "lines[0].quantity", CART_MESSAGES.quantityInvalid],
      [checkout(mug._id, sticker._id), "lines", CART_MESSAGES.mixedCurrencies],
      [checkout(mug._id, mug._id), "lines", CART_MESSAGES.itemTwice],
      // Another merchant's item is not in this catalogue, exactly like an unknown one.
      [checkout(mug._id, other.tee._id), "lines", CART_MESSAGES.itemUnknown],
      [checkout(mug._id, "00000000-0000-4000-8000-000000000000"), "lines", CART_MESSAGES.itemUnknown],
    ];
    for (const [body, path, message] of cases) {
      const res = await call("POST", "/products/create", m, body);
      expect(res.status, message).toBe(400);
      expect(res.body).toMatchObject({ code: "invalid_request", message, issues: [{ path, message }] });
    }
    await call("POST", `/catalog/disable/${tee._id}`, m, { _item_id: tee._id, _key: "1" });
    expect((await call("POST", "/products/create", m, checkout(mug._id, tee._id))).body.message).toBe(CART_MESSAGES.itemUnknown);
    expect((await call("GET", "/products", m)).body.data).toEqual([]);
  });

  it("keeps each merchant's checkouts to themselves", async () => {
    const a = await shop();
    const b = await signInMerchant(app);
    const created = (await call("POST", "/products/create", a.m, checkout(a.mug._id, a.tee._id))).body.data.info;
    expect((await call("GET", "/products", b)).body.data).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `/products/update/${created._id}`, undefined],
      ["PUT", `/products/update/${created._id}`, checkout(a.mug._id, a.tee._id)],
      ["POST", `/products/disable/${created._id}`, { _item_id: created._id, _key: "1" }],
      ["GET", `/products/${b.id}/${created._id}`, undefined],
      ["GET", `/products/${a.m.id}/${created._id}`, undefined],
    ] as const) {
      const res = await call(method, path, b, body);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: "not_found", message: "Checkout not found" });
    }
    expect((await call("GET", "/products")).status).toBe(401);
  });

  it("shows the cart on the pay page, and stops once disabled or an item is disabled", async () => {
    const { m, mug, tee } = await shop();
    const created = (await call("POST", "/products/create", m, checkout(mug._id, tee._id))).body.data.info;
    const page = await callJson(payments, "GET", `/api/pay/${created.hashedId}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      type: "product",
      label: "Buy the set",
      description: "Ships in a week",
      price: "45",
      currency: "USD",
      useFiat: true,
      cart: {
        quantitiesEditable: true,
        lines: [
          { itemId: mug._id, name: "Mug", description: "Stoneware", unitPrice: "12.5", quantity: 2 },
          { itemId: tee._id, name: "Tee", unitPrice: "20", quantity: 1 },
        ],
      },
    });

    await call("POST", `/catalog/disable/${tee._id}`, m, { _item_id: tee._id, _key: "1" });
    expect((await callJson(payments, "GET", `/api/pay/${created.hashedId}`)).status).toBe(404);
    expect((await call("GET", `/products/update/${created._id}`, m)).body.data.info.lines[1].enabled).toBe(false);

    const second = (await call("POST", "/products/create", m, checkout(mug._id, mug._id, { lines: [{ itemId: mug._id, quantity: 1 }] }))).body.data.info;
    expect((await callJson(payments, "GET", `/api/pay/${second.hashedId}`)).status).toBe(200);
    const disabled = await call("POST", `/products/disable/${second._id}`, m, { _item_id: second._id, _key: "1" });
    expect(disabled.body).toMatchObject({ success: true, data: { info: { enabled: false, updateUrl: null } } });
    expect((await callJson(payments, "GET", `/api/pay/${second.hashedId}`)).status).toBe(404);
    expect((await call("GET", `/products/${m.id}/${second._id}`, m)).status).toBe(409);
    expect((await call("PUT", `/products/update/${second._id}`, m, checkout(mug._id, tee._id))).status).toBe(409);
  });

  it("an item in a checkout keeps its currency", async () => {
    const { m, mug, tee } = await shop();
    await call("POST", "/products/create", m, checkout(mug._id, tee._id));
    const res = await call("PUT", `/catalog/update/${mug._id}`, m, { name: "Mug", price: "12.5", currency: "USDC" });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("item_in_checkout");
  });

  it("prices the payer's quantities on the server, only when editable, and freezes the order", async () => {
    expect(PAYABLE_SOURCES.product).toBe(checkoutPayable);
    const { m, mug, tee } = await shop();
    const editable = (await call("POST", "/products/create", m, checkout(mug._id, tee._id))).body.data.info;
    const fixed = (await call("POST", "/products/create", m, checkout(mug._id, tee._id, { quantitiesEditable: false }))).body.data.info;
    const payable = (await checkoutPayable.load(database.db, editable._id, { payOrigin: "http://pay.test" }))!;

    expect(payable.displayPrice).toMatchObject({ price: "45", currency: "USD", useFiat: true, priceBaseUnits: null });
    const price = payable.priceFor({ ...START, quantities: { [mug._id]: 3, [tee._id]: 0 } });
    expect(price).toEqual({
      price: "37.5",
      currency: "USD",
      useFiat: true,
      priceBaseUnits: null,
      order: { lines: [{ itemId: mug._id, name: "Mug", unitPrice: "12.5", quantity: 3, amount: "37.5" }] },
    });
    expect(payable.priceFor({ ...START, quantities: { [tee._id]: 2 } }).price).toBe("65");
    expect(payable.priceFor(START).order?.lines).toHaveLength(2);

    const refused = (quantities: Record<string, number>) => {
      try {
        payable.priceFor({ ...START, quantities });
      } catch (err) {
        expect(err).toBeInstanceOf(ApiError);
        expect((err as ApiError).status).toBe(400);
        return (err as ApiError).message;
      }
      throw new Error("accepted");
    };
    expect(refused({ [mug._id]: 0, [tee._id]: 0 })).toBe(CART_PAY_MESSAGES.empty);
    expect(refused({ [mug._id]: 100 })).toBe(CART_PAY_MESSAGES.badQuantity);
    expect(refused({ [mug._id]: -1 })).toBe(CART_PAY_MESSAGES.badQuantity);
    expect(refused({ [mug._id]: 1.5 })).toBe(CART_PAY_MESSAGES.badQuantity);
    expect(refused({ "00000000-0000-4000-8000-000000000000": 1 })).toBe(CART_PAY_MESSAGES.unknownLine);

    const locked = (await checkoutPayable.load(database.db, fixed._id, { payOrigin: "http://pay.test" }))!;
    expect(locked.priceFor(START).price).toBe("45");
    expect(() => locked.priceFor({ ...START, quantities: { [mug._id]: 1 } })).toThrow(CART_PAY_MESSAGES.notEditable);

    // A token-priced cart carries its USDC base units.
    const sticker = await newItem(m, { name: "Sticker", price: "0.25", currency: "USDC" });
    const usdc = (await call("POST", "/products/create", m, { label: "Stickers", lines: [{ itemId: sticker._id, quantity: 4 }] })).body.data.info;
    const tokenCart = (await checkoutPayable.load(database.db, usdc._id, { payOrigin: "http://pay.test" }))!;
    expect(tokenCart.priceFor(START)).toMatchObject({ price: "1", currency: "USDC", useFiat: false, priceBaseUnits: 1_000_000n });
  });

  it("refuses a start with quantities the checkout does not allow, through the pay API", async () => {
    const { m, mug, tee } = await shop();
    const fixed = (await call("POST", "/products/create", m, checkout(mug._id, tee._id, { quantitiesEditable: false }))).body.data.info;
    const res = await callJson(payments, "POST", `/api/pay/${fixed.hashedId}/start`, { ...START, quantities: { [mug._id]: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CART_PAY_MESSAGES.notEditable);
  });
});
