import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import type { PaymentInfoDto } from "@/lib/transaction-details";

/** Stands in for the payments module: the zLinks named in `paid` have a validated payment. */
const paid = new Map<string, PaymentInfoDto>();
const loadPaymentInfo = vi.hoisted(() => vi.fn());
vi.mock("./payment-info", () => ({ loadPaymentInfo }));

const info = (id: string): PaymentInfoDto => ({
  _id: `tx-${id}`,
  status: "validated",
  requestedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
  recievedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
  chain: -5001,
  hash: "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW",
  scanLink: null,
  payer: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  ramp: false,
  swap: null,
  type: "quick-pay",
  merchantExtras: null,
  lockedAt: "2026-11-02T10:00:00.000Z",
  paidAt: "2026-11-02T10:00:06.000Z",
  validatedAt: "2026-11-02T10:00:19.000Z",
  failedAt: null,
  refundedAt: null,
  refundedAmount: "0",
  productInfo: { price: "12.5", currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: "USDC" },
});

describe("zLink payment info, as the payments module will provide it", () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    loadPaymentInfo.mockImplementation(async (_db: unknown, ids: readonly string[]) => new Map(ids.filter((id) => paid.has(id)).map((id) => [id, paid.get(id)!])));
    database = await openTestDb("pglite");
    app = createApp(testDeps(database));
  });
  afterAll(() => database.close());

  it("reads every listed link's payment in one call and puts it on the row; a paid link can't be edited", async () => {
    const m = await signInMerchant(app);
    const create = async (label: string) =>
      (
        await (
          await app.request("/api/quick-pays/create", {
            method: "POST",
            headers: { "content-type": "application/json", ...m.auth },
            body: JSON.stringify({ label, price: "12.5", currency: "USD" }),
          })
        ).json()
      ).data.info._id as string;
    const open = await create("Open");
    const sold = await create("Sold");
    paid.set(sold, info(sold));

    loadPaymentInfo.mockClear();
    const list = (await (await app.request("/api/quick-pays", { headers: m.auth })).json()).data;
    expect(loadPaymentInfo).toHaveBeenCalledOnce();
    expect([...loadPaymentInfo.mock.calls[0][1]].sort()).toEqual([open, sold].sort());
    const byId = Object.fromEntries(list.map((r: { _id: string }) => [r._id, r]));
    expect(byId[sold].paymentInfo).toEqual(info(sold));
    expect(byId[open].paymentInfo).toBeNull();

    const res = await app.request(`/api/quick-pays/update/${sold}`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...m.auth },
      body: JSON.stringify({ label: "Cheaper", price: "1", currency: "USD" }),
    });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("zlink_paid");
  });
});
