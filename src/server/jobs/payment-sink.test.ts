import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDb } from "../testing/databases";
import { insertMerchant } from "../testing/merchants";
import { createTransaction } from "../payments/service";
import { paymentSink } from "./payment-sink";

describe("paymentSink (the watcher's view of the payments service)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb("pglite");
  });
  afterAll(() => database.close());

  it("resumes pending payments and answers each payment's state after a fact", async () => {
    const userId = await insertMerchant(database.db);
    const now = new Date("2026-11-02T10:00:00.000Z");
    const tx = await createTransaction(database.db, {
      productType: "quick-pay",
      productId: null,
      userId,
      chainId: -5001,
      token: "USDC",
      tokenAddress: "Mint",
      decimals: 6,
      recipient: "Owner",
      recipientTokenAccount: "Ata",
      requestedAmount: 1_000_000n,
      reference: "Ref1",
      memo: "m-1",
      now,
    });
    let clock = new Date(now.getTime() + 60_000);
    const sink = paymentSink({ db: database.db, now: () => clock });
    expect(await sink.listPending(-5001)).toEqual([
      { id: tx.id, chainId: -5001, reference: "Ref1", recipientTokenAccount: "Ata", memo: "m-1", status: "initiated", signature: undefined, unfinalized: [], expiresAt: tx.expiresAt, createdAt: tx.createdAt },
    ]);
    const fact = {
      kind: "transfer" as const,
      chainId: -5001,
      reference: "Ref1",
      signature: "Sig1",
      instructionIndex: 0,
      payer: "Payer",
      recipientTokenAccount: "Ata",
      mint: "Mint",
      amount: 1_000_000n,
      memo: "m-1",
      commitment: "confirmed" as const,
    };
    expect(await sink.apply(tx.id, fact)).toMatchObject({ status: "paid", signature: "Sig1", unfinalized: ["Sig1"], paidAt: clock });
    clock = new Date(now.getTime() + 120_000);
    expect(await sink.apply(tx.id, { ...fact, commitment: "finalized" })).toMatchObject({ status: "validated", unfinalized: [] });
    expect(await sink.listPending(-5001)).toEqual([]);
    expect(await sink.apply("00000000-0000-4000-8000-000000000000", { kind: "expired" })).toBeUndefined();
  });
});
