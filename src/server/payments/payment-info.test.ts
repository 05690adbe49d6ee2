import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import type { Database } from "../db/client";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { testDeps } from "../testing/deps";
import { signInMerchant } from "../testing/merchants";
import { applyFact, createTransaction } from "./service";
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
});
