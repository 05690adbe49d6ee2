import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { Database } from "../db/client";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { testDeps } from "../testing/deps";
import { signInMerchant } from "../testing/merchants";
import { eq } from "drizzle-orm";
import { transactions } from "../db/schema";
import { applyFact, createTransaction, loadPaymentInfo } from "./service";
import type { TransferFact } from "./transition";

const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";

describe.each(TEST_BACKENDS)("zLink payment info from real transactions on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
  });
  afterAll(() => database.close());

  it("a paid then validated transaction shows on the zLink row, which can no longer be edited; a start alone does not", async () => {
    const m = await signInMerchant(app);
    const create = async (label: string) => {
      const res = await app.request("/api/quick-pays/create", {
        method: "POST",
        headers: { "content-type": "application/json", ...m.auth },
        body: JSON.stringify({ label, price: "12.5", currency: "USD" }),
      });
      return (await res.json()).data.info._id as string;
    };
    const sold = await create("Sold");
    const started = await create("Started");
    const start = (productId: string) =>
      createTransaction(database.db, {
        productType: "quick-pay",
        productId,
        userId: m.id,
        chainId: -5001,
        token: "USDC",
        tokenAddress: MINT,
        decimals: 6,
        recipient: "Merchant11111111111111111111111111111111111",
        recipientTokenAccount: ATA,
        requestedAmount: 12_500_000n,
        reference: `ref-${randomBytes(8).toString("hex")}`,
        productInfo: { price: "12.5", currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: "USDC" },
      });
    const tx = await start(sold);
    await start(started);
    const fact: TransferFact = {
      kind: "transfer",
      chainId: -5001,
      reference: tx.reference,
      signature: `sig-${randomBytes(8).toString("hex")}`,
      instructionIndex: 0,
      payer: "Payer111111111111111111111111111111111111111",
      recipientTokenAccount: ATA,
      mint: MINT,
      amount: 12_500_000n,
      commitment: "confirmed",
    };
    const rows = async () =>
      Object.fromEntries(
        ((await (await app.request("/api/quick-pays", { headers: m.auth })).json()).data as { _id: string; paymentInfo: unknown }[]).map((r) => [r._id, r.paymentInfo]),
      );

    await applyFact({ db: database.db }, tx.id, fact);
    expect((await rows())[sold]).toMatchObject({ _id: tx.id, status: "paid", hash: fact.signature, validatedAt: null });
    await applyFact({ db: database.db }, tx.id, { ...fact, commitment: "finalized" });
    const info = await rows();
    expect(info[sold]).toMatchObject({ _id: tx.id, status: "validated", recievedAmount: { value: "12500000", decimals: 6, currency: "USDC" }, payer: fact.payer });
    expect(info[started]).toBeNull();

    const edit = (id: string) =>
      app.request(`/api/quick-pays/update/${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json", ...m.auth },
        body: JSON.stringify({ label: "Cheaper", price: "1", currency: "USD" }),
      });
    expect((await edit(sold)).status).toBe(409);
    expect((await edit(started)).status).toBe(200);
  });

  /** One transaction as it stands after its facts: its status and when each step happened (minutes after T0). */
  type Tx = { name: string; status: "initiated" | "paid" | "validated" | "failed"; at: number; signed?: boolean };
  const T0 = Date.parse("2026-11-02T10:00:00Z");
  it.each<[string, Tx[], string | undefined]>([
    ["no transaction", [], undefined],
    ["a start alone", [{ name: "start", status: "initiated", at: 1 }], undefined],
    ["a failed underpayment (money seen, then failed)", [{ name: "under", status: "failed", at: 1, signed: true }], undefined],
    ["a paid transaction", [{ name: "paid", status: "paid", at: 1 }], "paid"],
    ["a validated transaction", [{ name: "ok", status: "validated", at: 1 }], "ok"],
    ["a failed transfer after a paid one keeps the paid one", [{ name: "paid", status: "paid", at: 1 }, { name: "later-failed", status: "failed", at: 5, signed: true }], "paid"],
    ["a failed transfer after a validated one keeps the validated one", [{ name: "ok", status: "validated", at: 1 }, { name: "later-failed", status: "failed", at: 5, signed: true }], "ok"],
    ["a validated one replaces an older paid one", [{ name: "paid", status: "paid", at: 1 }, { name: "ok", status: "validated", at: 5 }], "ok"],
    ["a newer paid one does not replace a validated one", [{ name: "ok", status: "validated", at: 1 }, { name: "paid", status: "paid", at: 5 }], "ok"],
    ["between two validated ones, the newest", [{ name: "old", status: "validated", at: 1 }, { name: "new", status: "validated", at: 5 }], "new"],
    ["between two paid ones, the newest", [{ name: "old", status: "paid", at: 1 }, { name: "new", status: "paid", at: 5 }], "new"],
  ])("payment info with %s", async (_case, txs, expected) => {
    const m = await signInMerchant(app);
    const productId = randomUUID();
    const ids = new Map<string, string>();
    for (const t of txs) {
      const when = new Date(T0 + t.at * 60_000);
      const row = await createTransaction(database.db, {
        productType: "quick-pay",
        productId,
        userId: m.id,
        chainId: -5001,
        token: "USDC",
        tokenAddress: MINT,
        decimals: 6,
        recipient: "Merchant11111111111111111111111111111111111",
        recipientTokenAccount: ATA,
        requestedAmount: 12_500_000n,
        reference: `ref-${randomBytes(8).toString("hex")}`,
        now: when,
      });
      const signed = t.signed || t.status === "paid" || t.status === "validated";
      await database.db
        .update(transactions)
        .set({
          status: t.status,
          signature: signed ? `sig-${t.name}-${randomBytes(4).toString("hex")}` : null,
          paidAt: t.status === "paid" || t.status === "validated" ? when : null,
          validatedAt: t.status === "validated" ? when : null,
          failedAt: t.status === "failed" ? when : null,
          createdAt: when,
        })
        .where(eq(transactions.id, row.id));
      ids.set(t.name, row.id);
    }
    // Another type's product with the same id never leaks in.
    const infos = await loadPaymentInfo(database.db, "quick-pay", [productId]);
    expect(infos.get(productId)?._id).toBe(expected === undefined ? undefined : ids.get(expected));
    expect((await loadPaymentInfo(database.db, "donate", [productId])).size).toBe(0);
  });
});
