import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { metrics } from "../metrics";
import type { OrderDetails } from "@/lib/pay-api";
import type { ProductType } from "@/lib/product-types";
import type { Database } from "../db/client";
import { paymentCredits, paymentFactLog, transactions, unmappedTransfers, webhookEvents } from "../db/schema";
import { recordUnmapped } from "./unmapped";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { insertMerchant } from "../testing/merchants";
import {
  applyFact,
  createTransaction,
  findByPublicId,
  findByReference,
  findBySession,
  listPending,
  loadPaymentInfo,
  partiesOf,
  type CreateTransactionInput,
} from "./service";
import type { TransferFact } from "./transition";

const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";
const T0 = new Date("2026-11-02T10:00:00.000Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(TEST_BACKENDS)("payments service on %s", (kind) => {
  let database: Database;
  let merchant: string;
  beforeAll(async () => {
    database = await openTestDb(kind);
    merchant = await newMerchant("https://hooks.example.com/zpay");
  });
  afterAll(() => database.close());

  const newMerchant = (apiHook?: string) => insertMerchant(database.db, apiHook ? { apiHook } : undefined);

  const input = (over: Partial<CreateTransactionInput> = {}): CreateTransactionInput => ({
    productType: "quick-pay",
    productId: randomUUID(),
    userId: merchant,
    chainId: -5001,
    token: "USDC",
    tokenAddress: MINT,
    decimals: 6,
    recipient: "Merchant11111111111111111111111111111111111",
    recipientTokenAccount: ATA,
    requestedAmount: 12_500_000n,
    reference: `ref-${randomBytes(8).toString("hex")}`,
    memo: "order-1",
    productInfo: { price: "12.5", currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: "USDC" },
    fiatRate: "1",
    sessionId: "session-1",
    now: T0,
    ...over,
  });
  const transfer = (reference: string, over: Partial<TransferFact> = {}): TransferFact => ({
    kind: "transfer",
    chainId: -5001,
    reference,
    signature: `sig-${randomBytes(8).toString("hex")}`,
    instructionIndex: 1,
    payer: "Payer111111111111111111111111111111111111111",
    recipientTokenAccount: ATA,
    mint: MINT,
    amount: 12_500_000n,
    memo: "order-1",
    commitment: "confirmed",
    ...over,
  });
  const deps = (now: Date, afterCommit?: (ids: string[]) => Promise<void>, isSanctioned?: (a: string) => boolean) => ({
    db: database.db,
    now: () => now,
    afterCommit,
    isSanctioned,
  });
  const eventsOf = (id: string) =>
    database.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, id)).orderBy(webhookEvents.createdAt);
  const creditsOf = (id: string) => database.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, id));

  it("creates an initiated transaction expiring after 30 minutes, found by reference, public id and session", async () => {
    const tx = await createTransaction(database.db, input());
    expect(tx).toMatchObject({ status: "initiated", requestedAmount: 12_500_000n, lockedAt: T0, expiresAt: at(30), late: false, signature: null });
    expect(tx.publicId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{16}$/);
    expect((await findByReference(database.db, tx.reference))?.id).toBe(tx.id);
    expect((await findByPublicId(database.db, tx.publicId))?.id).toBe(tx.id);
    expect((await findBySession(database.db, { productType: "quick-pay", productId: tx.productId!, sessionId: "session-1", now: at(1) }))?.id).toBe(tx.id);
    expect(await findBySession(database.db, { productType: "quick-pay", productId: tx.productId!, sessionId: "session-1", now: at(31) })).toBeUndefined();
    await expect(createTransaction(database.db, input({ reference: tx.reference }))).rejects.toThrow();
    await expect(createTransaction(database.db, input({ requestedAmount: 0n }))).rejects.toThrow(RangeError);
  });

  it("keeps amounts beyond 2^64 exact", async () => {
    const huge = 2n ** 200n + 7n;
    const tx = await createTransaction(database.db, input({ requestedAmount: huge, decimals: 18 }));
    expect((await findByReference(database.db, tx.reference))?.requestedAmount).toBe(huge);
  });

  it("confirmed → paid, finalized → validated: one credit, payment.paid then payment.validated in the outbox", async () => {
    const afterCommit = vi.fn(async (_ids: string[]) => {});
    const tx = await createTransaction(database.db, input());
    const fact = transfer(tx.reference);
    const paid = await applyFact(deps(at(1), afterCommit), tx.id, fact);
    expect(paid).toMatchObject({ credited: true, decision: { outcome: "applied" } });
    expect(paid!.transaction).toMatchObject({ status: "paid", paidAt: at(1), signature: fact.signature, receivedAmount: 12_500_000n, amountMismatch: null, payer: fact.payer });
    expect(afterCommit).toHaveBeenCalledWith([paid!.eventIds[0]]);

    const validated = await applyFact(deps(at(2), afterCommit), tx.id, { ...fact, commitment: "finalized" });
    expect(validated).toMatchObject({ credited: false, transaction: { status: "validated", paidAt: at(1), validatedAt: at(2) } });
    expect(await creditsOf(tx.id)).toMatchObject([{ finalized: true, held: false, payer: fact.payer }]);

    const events = await eventsOf(tx.id);
    expect(events.map((e) => [e.type, e.status])).toEqual([
      ["payment.paid", "pending"],
      ["payment.validated", "pending"],
    ]);
    expect(events[1].payload).toMatchObject({
      type: "payment.validated",
      timestamp: at(2).toISOString(),
      data: {
        _id: tx.id,
        publicId: tx.publicId,
        type: "quick-pay",
        status: "validated",
        requestedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
        receivedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
        hash: fact.signature,
        from: fact.payer,
        validatedAt: at(2).toISOString(),
      },
    });
    expect(afterCommit).toHaveBeenCalledTimes(2);
  });

  it("re-applying the same facts changes nothing (idempotent)", async () => {
    const tx = await createTransaction(database.db, input());
    const fact = transfer(tx.reference);
    await applyFact(deps(at(1)), tx.id, fact);
    const again = await applyFact(deps(at(2)), tx.id, fact);
    expect(again).toMatchObject({ credited: false, eventIds: [], decision: { outcome: "ignored", reason: "duplicate" }, transaction: { status: "paid", paidAt: at(1) } });
    await applyFact(deps(at(3)), tx.id, { ...fact, commitment: "finalized" });
    const replay = await applyFact(deps(at(4)), tx.id, { ...fact, commitment: "finalized" });
    expect(replay?.decision.outcome).toBe("ignored");
    expect(await creditsOf(tx.id)).toHaveLength(1);
    expect((await eventsOf(tx.id)).map((e) => e.type)).toEqual(["payment.paid", "payment.validated"]);
  });

  it("observes the credit lag (block time → credit) once per credit, never for a repeat", async () => {
    const lagCount = async () =>
      (await metrics.getSingleMetric("zpay_credit_lag_seconds")!.get()).values.find((v) => v.labels.chain === "-5001" && (v as { metricName?: string }).metricName === "zpay_credit_lag_seconds_count")?.value ?? 0;
    const lagSum = async () =>
      (await metrics.getSingleMetric("zpay_credit_lag_seconds")!.get()).values.find((v) => v.labels.chain === "-5001" && (v as { metricName?: string }).metricName === "zpay_credit_lag_seconds_sum")?.value ?? 0;
    const [count, sum] = [await lagCount(), await lagSum()];
    const tx = await createTransaction(database.db, input());
    const fact = transfer(tx.reference, { blockTime: new Date(at(1).getTime() - 4_000) });
    await applyFact(deps(at(1)), tx.id, fact);
    await applyFact(deps(at(2)), tx.id, fact);
    expect(await lagCount()).toBe(count + 1);
    expect((await lagSum()) - sum).toBeCloseTo(4, 5);
  });

  it("credits one on-chain transfer to one transaction only", async () => {
    const a = await createTransaction(database.db, input());
    const b = await createTransaction(database.db, input());
    const fact = transfer(a.reference);
    expect((await applyFact(deps(at(1)), a.id, fact))?.credited).toBe(true);
    // The same signature and instruction reported for b (as if its reference matched) is refused by the unique key.
    const other = await applyFact(deps(at(1)), b.id, { ...fact, reference: b.reference });
    expect(other).toMatchObject({ credited: false, decision: { outcome: "rejected", reason: "credited_elsewhere" }, transaction: { status: "initiated", signature: null } });
    expect(await creditsOf(b.id)).toHaveLength(0);
    expect(await eventsOf(b.id)).toHaveLength(0);
    const logged = await database.db.select().from(paymentFactLog).where(eq(paymentFactLog.transactionId, b.id));
    expect(logged).toMatchObject([{ reason: "credited_elsewhere", signature: fact.signature, fact: { amount: "12500000" } }]);
  });

  it("two applyFact at once on one transaction: one credit, one payment.paid", async () => {
    const tx = await createTransaction(database.db, input());
    const fact = transfer(tx.reference);
    const results = await Promise.all([applyFact(deps(at(1)), tx.id, fact), applyFact(deps(at(1)), tx.id, fact), applyFact(deps(at(1)), tx.id, fact)]);
    expect(results.filter((r) => r?.credited)).toHaveLength(1);
    expect(await creditsOf(tx.id)).toHaveLength(1);
    expect((await eventsOf(tx.id)).map((e) => e.type)).toEqual(["payment.paid"]);
  });

  it("the same transfer raced onto two transactions is credited to one of them", async () => {
    const a = await createTransaction(database.db, input());
    const b = await createTransaction(database.db, input());
    const fact = transfer(a.reference);
    const [ra, rb] = await Promise.all([applyFact(deps(at(1)), a.id, fact), applyFact(deps(at(1)), b.id, { ...fact, reference: b.reference })]);
    expect([ra?.credited, rb?.credited].filter(Boolean)).toHaveLength(1);
    const credits = await database.db.select().from(paymentCredits).where(eq(paymentCredits.signature, fact.signature));
    expect(credits).toHaveLength(1);
  });

  it("records an underpayment (credited, waits, fails underpaid at expiry) and an overpayment (validated, over)", async () => {
    const under = await createTransaction(database.db, input());
    const u = await applyFact(deps(at(1)), under.id, transfer(under.reference, { amount: 12_000_000n }));
    expect(u?.transaction).toMatchObject({ status: "initiated", receivedAmount: 12_000_000n, amountMismatch: "under" });
    expect(await creditsOf(under.id)).toMatchObject([{ amount: 12_000_000n }]);
    const expired = await applyFact(deps(at(31)), under.id, { kind: "expired" });
    expect(expired?.transaction).toMatchObject({ status: "failed", failureReason: "underpaid", receivedAmount: 12_000_000n, failedAt: at(31) });
    expect((await eventsOf(under.id)).map((e) => e.type)).toEqual(["payment.failed"]);

    const over = await createTransaction(database.db, input());
    const fact = transfer(over.reference, { amount: 13_000_000n });
    await applyFact(deps(at(1)), over.id, fact);
    const o = await applyFact(deps(at(2)), over.id, { ...fact, commitment: "finalized" });
    expect(o?.transaction).toMatchObject({ status: "validated", receivedAmount: 13_000_000n, amountMismatch: "over" });
  });

  it("dust sent with someone's reference does not block the payer: the full transfer still pays (sum of credits)", async () => {
    const tx = await createTransaction(database.db, input());
    const dust = transfer(tx.reference, { amount: 1n, payer: "Attacker1111111111111111111111111111111111" });
    expect((await applyFact(deps(at(1)), tx.id, dust))?.transaction).toMatchObject({ status: "initiated", receivedAmount: 1n });
    const real = transfer(tx.reference);
    const paid = await applyFact(deps(at(2)), tx.id, real);
    expect(paid?.transaction).toMatchObject({ status: "paid", receivedAmount: 12_500_001n, amountMismatch: "over", signature: real.signature, payer: real.payer });
    await applyFact(deps(at(3)), tx.id, { ...dust, commitment: "finalized" });
    expect((await applyFact(deps(at(3)), tx.id, { ...real, commitment: "finalized" }))?.transaction.status).toBe("validated");
    expect(await creditsOf(tx.id)).toHaveLength(2);
    expect((await eventsOf(tx.id)).map((e) => e.type)).toEqual(["payment.paid", "payment.validated"]);
  });

  it("a sanctioned wallet paying a payment a clean one started: money recorded as held, payment failed sanctioned, merchant told", async () => {
    const listed = "Listed11111111111111111111111111111111111111";
    const screen = (a: string) => a === listed;
    const tx = await createTransaction(database.db, input({ startedBy: "Clean111111111111111111111111111111111111111" }));
    const r = await applyFact(deps(at(1), undefined, screen), tx.id, transfer(tx.reference, { payer: "Delegate1111111111111111111111111111111111", sourceOwner: listed }));
    expect(r?.transaction).toMatchObject({ status: "failed", failureReason: "sanctioned", payer: "Delegate1111111111111111111111111111111111", paidAt: null });
    expect(await creditsOf(tx.id)).toMatchObject([{ held: true, sourceOwner: listed }]);
    expect((await eventsOf(tx.id)).map((e) => e.type)).toEqual(["payment.held", "payment.failed"]);
    // Finalized later: still never paid.
    const [credit] = await creditsOf(tx.id);
    const again = await applyFact(deps(at(2), undefined, screen), tx.id, transfer(tx.reference, { signature: credit.signature, instructionIndex: credit.instructionIndex, payer: "Delegate1111111111111111111111111111111111", sourceOwner: listed, commitment: "finalized" }));
    expect(again?.transaction).toMatchObject({ status: "failed", failureReason: "sanctioned" });
  });

  it("a listed party the transfer does not name (a signer or fee payer of its transaction) holds the money like a listed payer", async () => {
    const listed = "Listed11111111111111111111111111111111111111";
    const screened: string[] = [];
    const screen = (a: string) => (screened.push(a), a === listed);
    const tx = await createTransaction(database.db, input());
    const r = await applyFact(deps(at(1), undefined, screen), tx.id, transfer(tx.reference, { parties: ["Payer111111111111111111111111111111111111111", listed] }));
    expect(r?.transaction).toMatchObject({ status: "failed", failureReason: "sanctioned", paidAt: null });
    expect(await creditsOf(tx.id)).toMatchObject([{ held: true, payer: "Payer111111111111111111111111111111111111111" }]);
    expect(screened).toEqual(["Payer111111111111111111111111111111111111111", listed]); // each party once
    expect(partiesOf({ payer: "A", sourceOwner: "B", parties: ["A", "C"] })).toEqual(["A", "B", "C"]);
  });

  it("a list that cannot be read stops the fact (retried later), never passes it", async () => {
    const tx = await createTransaction(database.db, input());
    const broken = () => {
      throw new Error("No sanctions list file found");
    };
    await expect(applyFact(deps(at(1), undefined, broken), tx.id, transfer(tx.reference))).rejects.toThrow("sanctions");
    expect(await creditsOf(tx.id)).toHaveLength(0);
  });

  it("a transfer the scan recorded as unmapped leaves that list when a payment is credited with it", async () => {
    const tx = await createTransaction(database.db, input());
    const fact = transfer(tx.reference);
    const recorded = await recordUnmapped(database.db, {
      userId: merchant,
      chainId: -5001,
      tokenAddress: MINT,
      recipientTokenAccount: ATA,
      signature: fact.signature,
      instructionIndex: fact.instructionIndex,
      innerIndex: -1,
      source: "PayerAta",
      payer: fact.payer,
      amount: fact.amount,
      memos: [],
    });
    expect(recorded?.eventIds).toHaveLength(1);
    expect(await recordUnmapped(database.db, { ...recorded!.row, memos: [], slot: undefined, blockTime: undefined })).toBeUndefined();
    await applyFact(deps(at(1)), tx.id, fact);
    expect(await database.db.select().from(unmappedTransfers).where(eq(unmappedTransfers.signature, fact.signature))).toEqual([]);
  });

  it("a paid payment that never finalizes fails not_finalized after the window, with an event", async () => {
    const tx = await createTransaction(database.db, input());
    await applyFact(deps(at(1)), tx.id, transfer(tx.reference));
    expect((await applyFact(deps(at(5)), tx.id, { kind: "finality-timeout", timeoutMs: 10 * 60_000 }))?.decision.reason).toBe("within_finality_window");
    const r = await applyFact(deps(at(11)), tx.id, { kind: "finality-timeout", timeoutMs: 10 * 60_000 });
    expect(r?.transaction).toMatchObject({ status: "failed", failureReason: "not_finalized", failedAt: at(11) });
    expect((await eventsOf(tx.id)).map((e) => e.type)).toEqual(["payment.paid", "payment.failed"]);
  });

  it("refuses a self-transfer and a transfer whose money did not stay with the recipient", async () => {
    const tx = await createTransaction(database.db, input());
    expect((await applyFact(deps(at(1)), tx.id, transfer(tx.reference, { source: ATA })))?.decision.reason).toBe("self_transfer");
    expect((await applyFact(deps(at(1)), tx.id, transfer(tx.reference, { recipientBalanceDelta: 0n })))?.decision.reason).toBe("balance_not_increased");
    expect(await creditsOf(tx.id)).toHaveLength(0);
  });

  it("logs a wrong-mint transfer as rejected and leaves the transaction initiated", async () => {
    const tx = await createTransaction(database.db, input());
    const fact = transfer(tx.reference, { mint: "So11111111111111111111111111111111111111112" });
    const r = await applyFact(deps(at(1)), tx.id, fact);
    await applyFact(deps(at(1)), tx.id, fact); // reported twice: logged once
    expect(r).toMatchObject({ credited: false, decision: { outcome: "rejected", reason: "wrong_mint" }, transaction: { status: "initiated" } });
    expect(await database.db.select().from(paymentFactLog).where(eq(paymentFactLog.transactionId, tx.id))).toMatchObject([{ reason: "wrong_mint", kind: "transfer" }]);
  });

  it("expires an unpaid transaction, then still records a late payment", async () => {
    const tx = await createTransaction(database.db, input());
    expect((await applyFact(deps(at(10)), tx.id, { kind: "expired" }))?.decision.reason).toBe("not_expired");
    const expired = await applyFact(deps(at(31)), tx.id, { kind: "expired" });
    expect(expired?.transaction).toMatchObject({ status: "failed", failureReason: "expired", failedAt: at(31) });
    const late = await applyFact(deps(at(40)), tx.id, transfer(tx.reference));
    expect(late?.transaction).toMatchObject({ status: "paid", late: true, failedAt: null, failureReason: null, paidAt: at(40) });
    expect((await eventsOf(tx.id)).map((e) => e.type)).toEqual(["payment.failed", "payment.paid"]);
  });

  it("keeps events of a merchant without an endpoint as history, not to deliver", async () => {
    const quiet = await newMerchant();
    const tx = await createTransaction(database.db, input({ userId: quiet }));
    const r = await applyFact(deps(at(1)), tx.id, transfer(tx.reference));
    expect(r?.eventIds).toEqual([]);
    expect((await eventsOf(tx.id)).map((e) => e.status)).toEqual(["no_endpoint"]);
  });

  it("answers undefined for an unknown transaction", async () => {
    expect(await applyFact(deps(at(1)), randomUUID(), { kind: "expired" })).toBeUndefined();
    expect(await applyFact(deps(at(1)), "not-a-uuid", { kind: "expired" })).toBeUndefined();
  });

  it("lists what a watcher must follow after a restart", async () => {
    const chainId = -5002; // a chain only this test uses
    const mk = () => createTransaction(database.db, input({ chainId }));
    const initiated = await mk();
    const paid = await mk();
    await applyFact(deps(at(1)), paid.id, transfer(paid.reference, { chainId }));
    const validated = await mk();
    await applyFact(deps(at(1)), validated.id, transfer(validated.reference, { chainId, commitment: "finalized" }));
    const expired = await mk();
    await applyFact(deps(at(31)), expired.id, { kind: "expired" });
    const underpaid = await mk();
    await applyFact(deps(at(1)), underpaid.id, transfer(underpaid.reference, { chainId, amount: 1n }));
    await createTransaction(database.db, input({ chainId: -5003 }));

    const ids = async (now: Date) => (await listPending(database.db, chainId, { now })).map((t) => t.id).sort();
    // A partial payment is still open (more money may complete it).
    expect(await ids(at(40))).toEqual([initiated.id, paid.id, expired.id, underpaid.id].sort());
    // An hour past expiry the unpaid, expired one is no longer followed.
    expect(await ids(at(30 + 61))).toEqual([initiated.id, paid.id, underpaid.id].sort());
  });

  it("loadPaymentInfo: a validated transaction wins over a paid one, else the newest paid; starts alone give none (table of cases in payment-info.test.ts)", async () => {
    const link = randomUUID();
    const started = randomUUID();
    const mk = (productId: string) => createTransaction(database.db, input({ productId }));
    const first = await mk(link);
    const firstFact = transfer(first.reference);
    await applyFact(deps(at(1)), first.id, firstFact);
    await applyFact(deps(at(2)), first.id, { ...firstFact, commitment: "finalized" });
    const second = await mk(link);
    await applyFact(deps(at(5)), second.id, transfer(second.reference)); // newer, only paid
    await mk(started);

    const infos = await loadPaymentInfo(database.db, "quick-pay", [link, started, "not-a-uuid", randomUUID()]);
    expect([...infos.keys()]).toEqual([link]);
    expect(infos.get(link)).toEqual({
      _id: first.id,
      status: "validated",
      requestedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
      recievedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
      chain: -5001,
      hash: firstFact.signature,
      scanLink: null,
      payer: firstFact.payer,
      ramp: false,
      swap: null,
      type: "quick-pay",
      merchantExtras: null,
      lockedAt: T0.toISOString(),
      paidAt: at(1).toISOString(),
      validatedAt: at(2).toISOString(),
      failedAt: null,
      refundedAt: null,
      refundedAmount: "0",
      productInfo: { price: "12.5", currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: "USDC" },
      orderDetails: null,
    });

    const other = randomUUID();
    const a = await mk(other);
    await applyFact(deps(at(1)), a.id, transfer(a.reference));
    const b = await mk(other);
    await applyFact(deps(at(3)), b.id, transfer(b.reference));
    expect((await loadPaymentInfo(database.db, "quick-pay", [other])).get(other)?._id).toBe(b.id);
  });

  it.each<[string, ProductType, OrderDetails | null]>([
    ["a zCart's lines", "product", { lines: [{ itemId: "mug", name: "Mug", unitPrice: "2.5", quantity: 3, amount: "7.5" }] }],
    ["a donor's name and message", "donate", { donor: { name: "Grace", message: "Keep going" } }],
    ["nothing for a zLink", "quick-pay", null],
  ])("what was ordered (%s) reaches the webhook data and the payment info", async (_case, productType, orderDetails) => {
    const tx = await createTransaction(database.db, input({ productType, orderDetails: orderDetails ?? undefined }));
    await applyFact(deps(at(1)), tx.id, transfer(tx.reference));
    const [event] = await eventsOf(tx.id);
    expect((event!.payload as { data: { type: string; orderDetails: unknown } }).data).toMatchObject({ type: productType, orderDetails });
    expect((await loadPaymentInfo(database.db, productType, [tx.productId!])).get(tx.productId!)?.orderDetails).toEqual(orderDetails);
  });

  it("writes the state change and its events together", async () => {
    const tx = await createTransaction(database.db, input());
    await applyFact(deps(at(1)), tx.id, transfer(tx.reference));
    const [row] = await database.db.select().from(transactions).where(eq(transactions.id, tx.id));
    const events = await eventsOf(tx.id);
    expect(row.status).toBe("paid");
    expect(events).toHaveLength(1);
    expect((events[0].payload as { data: { status: string } }).data.status).toBe("paid");
  });
});
