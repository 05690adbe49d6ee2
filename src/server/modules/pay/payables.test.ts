import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair } from "@solana/web3.js";
import type { StartPaymentRequest } from "@/lib/pay-api";
import { cartLineAmount, cartTotal } from "@/lib/pay-cart";
import { donationAmountProblem } from "@/lib/pay-donation";
import type { ProductType } from "@/lib/product-types";
import type { Database } from "../../db/client";
import { transactions } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { newHashedId, registerPayableLink } from "../../payments/payable-links";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { callJson, merchantWithLink, startPayFixture, type PayFixture } from "../../testing/pay-fixture";
import type { Payable, PayablePrice, PayableSource } from "./payable";
import { PAYABLE_SOURCES } from "./payables";
import { LINK_NOT_PAYABLE } from "./product";
import { ALREADY_PAID, PAYMENT_ON_ITS_WAY } from "./start";

/** A product of a fake source: enough to stand for a zRequest, a donation page or a zCart without their tables. */
interface Fake {
  type: ProductType;
  hashedId: string;
  merchantId: string;
  enabled: boolean;
  kind: "fixed" | "donation" | "cart";
}
const fakes = new Map<string, Fake>();
const CART = [
  { itemId: "mug", name: "Mug", unitPrice: "2.5", quantity: 1 },
  { itemId: "tea", name: "Tea", unitPrice: "1", quantity: 2 },
];
const usdc = (price: string, order?: PayablePrice["order"]): PayablePrice => ({ price, currency: "USDC", useFiat: false, priceBaseUnits: null, order });

function fakePayable(id: string, p: Fake): Payable {
  const base = { type: p.type, id, hashedId: p.hashedId, merchantId: p.merchantId, label: `Fake ${p.kind}`, desc: "", site: null, userCurrency: "USD" };
  if (p.kind === "donation") {
    return {
      ...base,
      displayPrice: usdc("0.1"),
      view: { donation: { suggestedAmounts: ["5", "10"], minimum: "0.1" } },
      priceFor: (req: StartPaymentRequest) => {
        if (!req.amount || donationAmountProblem(req.amount, "0.1")) throw new ApiError(400, "invalid_amount", "Amount must be at least 0.1");
        return usdc(req.amount, req.donor ? { donor: req.donor } : undefined);
      },
    };
  }
  if (p.kind === "cart") {
    return {
      ...base,
      displayPrice: usdc(cartTotal(CART)),
      view: { cart: { lines: CART, quantitiesEditable: true } },
      priceFor: (req: StartPaymentRequest) => {
        const q = req.quantities ?? {};
        const lines = CART.map((l) => ({ itemId: l.itemId, name: l.name, unitPrice: l.unitPrice, quantity: q[l.itemId] ?? l.quantity }))
          .filter((l) => l.quantity > 0)
          .map((l) => ({ ...l, amount: cartLineAmount(l.unitPrice, l.quantity) }));
        return usdc(cartTotal(CART, q), { lines });
      },
    };
  }
  const price = usdc("10");
  return { ...base, displayPrice: price, view: { request: { name: "Ada" } }, priceFor: () => price };
}

const fakeSource = (type: ProductType): PayableSource => ({
  type,
  async load(_db, productId) {
    const p = fakes.get(productId);
    return p && p.enabled && p.type === type ? fakePayable(productId, p) : undefined;
  },
});

describe.each(TEST_BACKENDS)("the pay flow over any registered product type (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  const saved = { ...PAYABLE_SOURCES };
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startPayFixture(database);
    // The seam: the registry is a plain record; a test registers its own sources and puts the real ones back.
    for (const type of ["collect", "donate", "product"] as const) PAYABLE_SOURCES[type] = fakeSource(type);
  }, 60_000);
  afterAll(async () => {
    for (const type of ["collect", "donate", "product"] as const) PAYABLE_SOURCES[type] = saved[type];
    await f?.stop();
    await database?.close();
  });

  const product = (id: string) => callJson(f.payments, "GET", `/api/pay/${id}`);
  const start = (id: string, extra: Record<string, unknown> = {}) =>
    callJson(f.payments, "POST", `/api/pay/${id}/start`, { chainId: -5001, token: "USDC", payer: Keypair.generate().publicKey.toBase58(), sessionId: `session-${randomUUID()}`, ...extra });
  const rowOf = async (publicId: string) => (await database.db.select().from(transactions).where(eq(transactions.publicId, publicId)))[0]!;

  /** A merchant with a receiving wallet and one fake product of `type`, linked in the public id namespace. */
  async function fakeProduct(type: ProductType, kindOf: Fake["kind"], merchantId?: string) {
    const owner = merchantId ?? (await merchantWithLink(f)).merchant.id;
    const id = randomUUID();
    const hashedId = newHashedId();
    await registerPayableLink(database.db, { hashedId, productType: type, productId: id, userId: owner });
    const fake: Fake = { type, hashedId, merchantId: owner, enabled: true, kind: kindOf };
    fakes.set(id, fake);
    return { id, hashedId, fake };
  }
  /** Marks the product's transaction as paid or validated, as the watcher would. */
  const settle = (publicId: string, status: "paid" | "validated") =>
    database.db
      .update(transactions)
      .set({ status, signature: `sig-${randomUUID()}`, paidAt: new Date(), validatedAt: status === "validated" ? new Date() : null })
      .where(eq(transactions.publicId, publicId));

  it("an unknown id, a disabled product, a link naming another merchant's product, and a type with no source answer 404 alike", async () => {
    expect(await product("unknown-id")).toMatchObject({ status: 404, body: { code: "link_not_found", message: LINK_NOT_PAYABLE } });
    const { hashedId, fake } = await fakeProduct("collect", "fixed");
    expect((await product(hashedId)).status).toBe(200);
    fake.enabled = false;
    expect(await product(hashedId)).toMatchObject({ status: 404, body: { message: LINK_NOT_PAYABLE } });
    expect((await start(hashedId)).status).toBe(404);

    const other = await merchantWithLink(f);
    const stolen = await fakeProduct("collect", "fixed");
    stolen.fake.merchantId = other.merchant.id; // the link says one merchant, the product another
    expect((await product(stolen.hashedId)).status).toBe(404);
    expect((await start(stolen.hashedId)).status).toBe(404);

    const orphan = newHashedId();
    await registerPayableLink(database.db, { hashedId: orphan, productType: "dynamic", productId: randomUUID(), userId: other.merchant.id });
    expect((await product(orphan)).status).toBe(404);
  });

  it("a single-payment product: a paid payment blocks a second start (in progress), a validated one shows paid and refuses (already paid)", async () => {
    const { hashedId } = await fakeProduct("collect", "fixed");
    const seen = await product(hashedId);
    expect(seen.body.data).toMatchObject({ type: "collect", price: "10", request: { name: "Ada" } });
    expect(seen.body.data.paid).toBeUndefined();
    const first = await start(hashedId);
    expect(first.status).toBe(200);

    await settle(first.body.data.payment, "paid");
    expect((await product(hashedId)).body.data.paid).toBeUndefined();
    expect(await start(hashedId)).toMatchObject({ status: 409, body: { code: "payment_in_progress", message: PAYMENT_ON_ITS_WAY } });

    await settle(first.body.data.payment, "validated");
    expect((await product(hashedId)).body.data).toMatchObject({ paid: true, type: "collect" });
    expect(await start(hashedId)).toMatchObject({ status: 409, body: { code: "already_paid", message: ALREADY_PAID } });
  });

  it("a reusable product (a donation page) is paid again and again: no paid flag, new starts allowed", async () => {
    const { hashedId } = await fakeProduct("donate", "donation");
    const first = await start(hashedId, { amount: "5" });
    await settle(first.body.data.payment, "validated");
    expect((await product(hashedId)).body.data.paid).toBeUndefined();
    expect((await start(hashedId, { amount: "5" })).status).toBe(200);
  });

  it("a donation: the amount chosen is the requested amount, the donor's note is frozen on the transaction; below the minimum is refused", async () => {
    const { hashedId } = await fakeProduct("donate", "donation");
    expect((await product(hashedId)).body.data).toMatchObject({ type: "donate", price: "0.1", donation: { suggestedAmounts: ["5", "10"], minimum: "0.1" } });
    const started = await start(hashedId, { amount: "7.25", donor: { name: "Grace", message: "Keep going" } });
    expect(started.body.data).toMatchObject({ amount: "7.25", amountWei: "7250000" });
    expect(await rowOf(started.body.data.payment)).toMatchObject({
      productType: "donate",
      requestedAmount: 7_250_000n,
      orderDetails: { donor: { name: "Grace", message: "Keep going" } },
      productInfo: { price: "7.25", currency: "USDC" },
    });
    expect(await start(hashedId, { amount: "0.05" })).toMatchObject({ status: 400, body: { message: "Amount must be at least 0.1" } });
    expect((await start(hashedId, { amount: "1e3" })).status).toBe(400);
  });

  it("a cart: the payer's quantities price the transaction and its lines are frozen in order details", async () => {
    const { hashedId } = await fakeProduct("product", "cart");
    expect((await product(hashedId)).body.data).toMatchObject({ type: "product", price: "4.5", cart: { quantitiesEditable: true } });
    const started = await start(hashedId, { quantities: { mug: 3, tea: 0 } });
    expect(started.body.data).toMatchObject({ amount: "7.5", amountWei: "7500000" });
    expect((await rowOf(started.body.data.payment)).orderDetails).toEqual({ lines: [{ itemId: "mug", name: "Mug", unitPrice: "2.5", quantity: 3, amount: "7.5" }] });
    expect((await start(hashedId, { quantities: { mug: 100 } })).status).toBe(400); // beyond MAX_CART_QUANTITY
  });

  it("a reload resumes the session's payment per product type; another product with the same session starts its own", async () => {
    const donation = await fakeProduct("donate", "donation");
    const cart = await fakeProduct("product", "cart", donation.fake.merchantId);
    const payer = Keypair.generate().publicKey.toBase58();
    const session = { payer, sessionId: "session-shared-by-two-pages" };
    const first = await start(donation.hashedId, { ...session, amount: "5" });
    expect((await start(donation.hashedId, { ...session, amount: "5" })).body.data.payment).toBe(first.body.data.payment);
    // The donor changes the amount: a new payment for the new amount, not the old one resumed.
    const changed = await start(donation.hashedId, { ...session, amount: "6" });
    expect(changed.body.data).toMatchObject({ amount: "6" });
    expect(changed.body.data.payment).not.toBe(first.body.data.payment);
    const inCart = await start(cart.hashedId, session);
    expect(inCart.status).toBe(200);
    expect(inCart.body.data.payment).not.toBe(first.body.data.payment);
    expect((await start(cart.hashedId, session)).body.data.payment).toBe(inCart.body.data.payment);
    expect((await rowOf(inCart.body.data.payment)).productType).toBe("product");
  });
});
