import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { serve, type ServerType } from "@hono/node-server";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { ZapiCreatePayment, ZapiListQuery, ZapiPayment, ZapiPaymentPage } from "@/lib/zapi";
import type { Database } from "@/server/db/client";
import { TEST_BACKENDS, openTestDb } from "@/server/testing/databases";
import { callJson, fundedPayer, merchantWithLink, pay, startPayFixture, type PayFixture } from "@/server/testing/pay-fixture";
import { until, webhookReceiver, type WebhookReceiver } from "@/server/testing/webhook-receiver";
import { Zpay, ZpayError, verifyWebhook, WebhookVerificationError, type CreatedPayment, type CreatePayment, type ListPayments, type Payment, type PaymentPage } from "./index.ts";

describe("the SDK's types are the zAPI contract's", () => {
  it("payment, page, create body and list query", () => {
    expectTypeOf<Payment>().toEqualTypeOf<ZapiPayment>();
    expectTypeOf<PaymentPage>().toEqualTypeOf<ZapiPaymentPage>();
    expectTypeOf<CreatePayment>().toEqualTypeOf<ZapiCreatePayment>();
    expectTypeOf<ListPayments>().toEqualTypeOf<ZapiListQuery>();
  });
});

describe.each(TEST_BACKENDS)("@zpay/node against a running zpay (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  let hooks: WebhookReceiver;
  let server: ServerType;
  let baseUrl: string;
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startPayFixture(database);
    hooks = await webhookReceiver([200]);
    // The app on a real port: the SDK speaks HTTP through fetch like any merchant's server.
    baseUrl = await new Promise<string>((resolve) => {
      server = serve({ fetch: f.app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
    });
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await hooks?.close();
    await f?.stop();
    await database?.close();
  });

  /**
   * A merchant with a receiving wallet and a webhook endpoint (`secret`: its webhook signing
   * secret), an API secret made as the zAPI page does, and an SDK client with its keys.
   */
  async function merchant() {
    const m = await merchantWithLink(f, undefined, { endpoint: hooks.url });
    const made = await f.app.request("/api/zapi/secret/regenerate", { method: "POST", headers: { ...m.merchant.auth, "content-type": "application/json" }, body: JSON.stringify({ keepPrevious: false }) });
    const apiSecret = (await made.json()).data.secret as string;
    return { ...m, apiSecret, zpay: new Zpay({ accountId: m.merchant.id, apiSecret, baseUrl }) };
  }
  const rejection = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ZpayError);
    return err as ZpayError;
  };

  it("creates a payment twice with one idempotency key (one payment), a payer pays it, and the signed webhook verifies", async () => {
    const { zpay, secret } = await merchant();
    const idempotencyKey = `order-${randomUUID()}`;
    const body = { amount: "12.5", currency: "USDC", orderId: "A-1042", metadata: { cart: "c_81" } };
    const first = await zpay.payments.create(body, { idempotencyKey });
    const again = await zpay.payments.create(body, { idempotencyKey });
    expect(first).toMatchObject({ status: "open", amount: "12.5", currency: "USDC", orderId: "A-1042", metadata: { cart: "c_81" }, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect((await zpay.payments.list()).data.map((p) => p.id)).toEqual([first.id]);

    // The payer opens the hosted page the URL names and pays from a wallet.
    const hashedId = new URL(first.url).searchParams.get("p")!;
    const payer = await fundedPayer(f);
    const started = await callJson(f.payments, "POST", `/api/pay/${hashedId}/start`, { chainId: -5001, token: "USDC", payer: payer.publicKey.toBase58(), sessionId: "sdk-session" });
    expect(started.status).toBe(200);
    const info: PaymentTransactionInfo = started.body.data;
    expect(info.amountWei).toBe("12500000");
    const signature = await pay(f, payer, info);

    const received = await until(() => hooks.requests.find((r) => r.body.includes(first.id) && r.body.includes('"payment.paid"')), "payment.paid webhook");
    const event = verifyWebhook(secret!, received.body, received.headers);
    expect(event).toMatchObject({ type: "payment.paid", data: { type: "dynamic", product: first.id, hash: signature, merchantExtras: { orderId: "A-1042" } } });
    // The same request with a byte changed is refused.
    expect(() => verifyWebhook(secret!, received.body.replace("payment.paid", "payment.failed"), received.headers)).toThrow(WebhookVerificationError);
    // The list filters by the settled status, and reading the payment says the same.
    const settled = await until(async () => {
      const page = await zpay.payments.list({ status: "validated" });
      return page.data.length ? page.data : undefined;
    }, "validated payment");
    expect(settled.map((p) => p.id)).toEqual([first.id]);
    expect((await zpay.payments.get(first.id)).status).toBe("validated");
  });

  it("reads and lists with filters and paging", async () => {
    const { zpay } = await merchant();
    const made: CreatedPayment[] = [];
    for (const orderId of ["o-1", "o-2", "o-3"]) made.push(await zpay.payments.create({ amount: "10", currency: "USD", orderId }));
    const { replayed: _replayed, ...plain } = made[0];
    expect(await zpay.payments.get(made[0].id)).toEqual(plain);
    expect((await zpay.payments.list({ orderId: "o-2" })).data.map((p) => p.id)).toEqual([made[1].id]);
    expect((await zpay.payments.list({ status: "paid" })).data).toEqual([]);
    const page1 = await zpay.payments.list({ limit: 2 });
    expect(page1.data.map((p) => p.id)).toEqual([made[2].id, made[1].id]);
    const page2 = await zpay.payments.list({ limit: 2, cursor: page1.next! });
    expect(page2).toEqual({ data: [expect.objectContaining({ id: made[0].id })], next: null });
  });

  it("throws ZpayError with the zAPI's status, code and field issues", async () => {
    const { zpay, merchant: m, secret: webhookSecret } = await merchant();
    const bad = await rejection(zpay.payments.create({ amount: "0.01", currency: "USD" }));
    expect(bad).toMatchObject({ status: 400, code: "invalid_request" });
    expect(bad.issues.map((i) => i.path)).toContain("amount");
    const key = `k-${randomUUID()}`;
    await zpay.payments.create({ amount: "10", currency: "USD" }, { idempotencyKey: key });
    expect(await rejection(zpay.payments.create({ amount: "11", currency: "USD" }, { idempotencyKey: key }))).toMatchObject({ status: 422, code: "idempotency_key_reused" });
    expect(await rejection(zpay.payments.get(randomUUID()))).toMatchObject({ status: 404, code: "not_found" });
    expect(await rejection(zpay.payments.get("../integrations"))).toMatchObject({ status: 404 });
    const wrong = new Zpay({ accountId: m.id, apiSecret: "zpk_wrong", baseUrl });
    expect(await rejection(wrong.payments.list())).toMatchObject({ status: 401, code: "unauthorized", message: "Invalid API credentials" });
    // The merchant's own webhook signing secret is not an API secret: refused, saying so.
    const withWebhookSecret = new Zpay({ accountId: m.id, apiSecret: webhookSecret!, baseUrl });
    expect(await rejection(withWebhookSecret.payments.list())).toMatchObject({ status: 401, message: expect.stringContaining("webhook signing secret") });
  });

  it("another merchant's client sees none of the first one's payments", async () => {
    const first = await merchant();
    const second = await merchant();
    const created = await first.zpay.payments.create({ amount: "10", currency: "USD" });
    expect(await rejection(second.zpay.payments.get(created.id))).toMatchObject({ status: 404 });
    expect((await second.zpay.payments.list()).data).toEqual([]);
    // Their secret with the first account id opens nothing either.
    const mixed = new Zpay({ accountId: first.merchant.id, apiSecret: second.apiSecret, baseUrl });
    expect(await rejection(mixed.payments.list())).toMatchObject({ status: 401 });
  });
});
