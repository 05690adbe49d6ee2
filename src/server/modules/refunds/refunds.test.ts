import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Keypair, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { eq } from "drizzle-orm";
import { REFUND_MESSAGES, refundMemo } from "@/lib/refund";
import { merchantIntegrations, refunds, transactions, webhookEvents } from "../../db/schema";
import { confirmRefund } from "../../payments/refunds";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { MADE_UP_ATA as ATA, MADE_UP_MINT as MINT, USD_PRODUCT_INFO, seeMadeUpPaymentPaid, startMadeUpPayment } from "../../testing/made-up-payments";
import { recordUnmapped } from "../../payments/unmapped";
import { grantPermission, signInMerchant } from "../../testing/merchants";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const RECEIVED = 12_500_000n;

describe.each(TEST_BACKENDS)("refunds on %s", (kind) => {
  const suite = appSuite(kind);
  const { call } = suite;

  /** A payment of 12.5 USDC seen on chain (confirmed, then validated unless `paidOnly`); answers it and its payer. */
  async function payment(m: Merchant, options: { paidOnly?: boolean; unpaid?: boolean } = {}) {
    const payer = Keypair.generate().publicKey.toBase58();
    const tx = await startMadeUpPayment(suite.db, m.id, { requestedAmount: RECEIVED, productInfo: USD_PRODUCT_INFO });
    if (!options.unpaid) await seeMadeUpPaymentPaid(suite.db, tx, { payer, finalized: !options.paidOnly });
    return { tx, payer };
  }
  const feasibility = async (m: Merchant, paymentId: string) => {
    const res = await call("POST", "/v2/refunds/feasibility", m, { paymentId });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };

  it("says what can be refunded, starts a full refund the payer's token account receives, and then refuses another", async () => {
    const m = await signInMerchant(suite.app);
    const { tx, payer } = await payment(m);
    expect(await feasibility(m, tx.id)).toEqual({
      txAmount: "12500000",
      txAmountStr: { label: "12.5 USDC", info: { decimals: 6, token: "USDC" } },
      availBalanceStr: null, // no chain in this test: the dialog says it could not check
      availBalance: null,
      received: "12500000",
      refunded: "0",
      paymentId: tx.id,
      unmappedId: null,
      chain: -5001,
      via: "transfer",
      mayStillArrive: null,
      to: payer,
      senders: [{ address: payer, tokenAccount: getAssociatedTokenAddressSync(new PublicKey(MINT), new PublicKey(payer), true).toBase58(), sent: "12500000", available: "12500000", label: "12.5 USDC" }],
    });
    const check = await call("POST", "/check-for-payment", m, { paymentId: tx.id });
    expect(await check.json()).toMatchObject({ success: true, error: null, data: { txAmount: "12500000", paymentId: tx.id } });

    const res = await call("POST", "/v2/refunds/init", m, { paymentId: tx.id });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data).toMatchObject({
      chain: -5001,
      tokenAddress: MINT,
      token: "USDC",
      decimals: 6,
      amount: "12500000",
      from: "Merchant11111111111111111111111111111111111",
      sourceTokenAccount: ATA,
      to: payer,
      destinationTokenAccount: getAssociatedTokenAddressSync(new PublicKey(MINT), new PublicKey(payer), true).toBase58(),
      memo: refundMemo(data.refundId),
    });
    expect(() => new PublicKey(data.reference)).not.toThrow();
    expect((await feasibility(m, tx.id)).txAmount).toBe("0");

    const again = await call("POST", "/v2/refunds/init", m, { paymentId: tx.id });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "already_refunded", message: REFUND_MESSAGES.nothingLeft });
  });

  it("refunds part of a paid payment, refuses more than the rest, and refunds the rest", async () => {
    const m = await signInMerchant(suite.app);
    const { tx } = await payment(m, { paidOnly: true });
    const part = await call("POST", "/v2/refunds/init", m, { paymentId: tx.id, refundAmount: "2500000" });
    expect(part.status).toBe(201);
    expect((await part.json()).data.amount).toBe("2500000");
    const over = await call("POST", "/v2/refunds/init", m, { paymentId: tx.id, refundAmount: "10000001" });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: "above_available", message: "The refund is larger than what can still be refunded (10 USDC)" });
    const rest = await call("POST", "/v2/refunds/init", m, { paymentId: tx.id, refundAmount: "10000000" });
    expect(rest.status).toBe(201);
    expect((await feasibility(m, tx.id)).txAmount).toBe("0");
  });

  it("lets only one of two refunds started at once through", async () => {
    const m = await signInMerchant(suite.app);
    const { tx } = await payment(m);
    const answers = await Promise.all([
      call("POST", "/v2/refunds/init", m, { paymentId: tx.id }),
      call("POST", "/v2/refunds/init", m, { paymentId: tx.id, refundAmount: "12500000" }),
      call("POST", "/v2/refunds/init", m, { paymentId: tx.id, refundAmount: "7000000" }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const rows = await suite.db.select().from(refunds).where(eq(refunds.transactionId, tx.id));
    expect(rows.reduce((s, r) => s + r.amount, 0n) <= RECEIVED).toBe(true);
    expect(rows).toHaveLength(1);
  });

  it("makes a refund started while another holds the payment wait for it, and then see it", async () => {
    const m = await signInMerchant(suite.app);
    const { tx } = await payment(m);
    let pending: Promise<Response> | undefined;
    await suite.db.transaction(async (db) => {
      await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.id, tx.id)).for("update");
      pending = Promise.resolve(call("POST", "/v2/refunds/init", m, { paymentId: tx.id }));
      await new Promise((resolve) => setTimeout(resolve, 300)); // the request reaches the payment's lock meanwhile
      await db.insert(refunds).values({
        userId: m.id,
        transactionId: tx.id,
        chainId: -5001,
        tokenAddress: MINT,
        decimals: 6,
        amount: RECEIVED,
        sourceTokenAccount: ATA,
        destinationOwner: "someone",
        destinationTokenAccount: "someone",
        reference: `ref-${randomBytes(8).toString("hex")}`,
      });
    });
    const res = await pending!;
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "already_refunded" });
  });

  it("answers 'Transaction not found' for another merchant's payment and changes nothing", async () => {
    const owner = await signInMerchant(suite.app);
    const other = await signInMerchant(suite.app);
    const { tx } = await payment(owner);
    for (const path of ["/v2/refunds/feasibility", "/check-for-payment", "/v2/refunds/init"]) {
      const res = await call("POST", path, other, { paymentId: tx.id });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "transaction_not_found", message: "Transaction not found" });
    }
    expect(await suite.db.select().from(refunds).where(eq(refunds.transactionId, tx.id))).toEqual([]);
    // Nor can the other merchant touch the owner's refund.
    const started = (await (await call("POST", "/v2/refunds/init", owner, { paymentId: tx.id })).json()).data;
    const cancel = await call("POST", `/v2/refunds/${started.refundId}/cancel`, other);
    expect(cancel.status).toBe(404);
    expect(await cancel.json()).toMatchObject({ message: REFUND_MESSAGES.refundNotFound });
    const sent = await call("POST", `/v2/refunds/${started.refundId}/sent`, other, { signature: "x" });
    expect(sent.status).toBe(404);
  });

  it.each<[string, unknown, number, string]>([
    ["no subject", {}, 400, REFUND_MESSAGES.oneSubject],
    ["both subjects", { paymentId: "a", unmappedId: "b" }, 400, REFUND_MESSAGES.oneSubject],
    ["a decimal amount", { paymentId: "PAYMENT", refundAmount: "1.5" }, 400, REFUND_MESSAGES.badAmount],
    ["a negative amount", { paymentId: "PAYMENT", refundAmount: "-1" }, 400, REFUND_MESSAGES.badAmount],
    ["a zero amount", { paymentId: "PAYMENT", refundAmount: "0" }, 400, REFUND_MESSAGES.notPositive],
    ["an id that is no id", { paymentId: "nonsense" }, 404, REFUND_MESSAGES.notFound],
    ["an unknown unmapped transfer", { unmappedId: "00000000-0000-4000-8000-000000000000" }, 404, REFUND_MESSAGES.notFound],
  ])("refuses %s", async (_, body, status, message) => {
    const m = await signInMerchant(suite.app);
    await grantPermission(suite.db, m.id, "mapped"); // an unmapped transfer's refund needs it (tested below)
    const { tx } = await payment(m);
    const withId = JSON.parse(JSON.stringify(body).replace("PAYMENT", tx.id));
    const res = await call("POST", "/v2/refunds/init", m, withId);
    expect(res.status).toBe(status);
    const answer = await res.json();
    expect(answer.message === message || answer.issues?.some((i: { message: string }) => i.message === message)).toBe(true);
    expect(await suite.db.select().from(refunds).where(eq(refunds.transactionId, tx.id))).toEqual([]);
  });

  it("refunds an unmapped inflow only with the `mapped` permission (as the Unmapped screen); a payment's refund does not need it", async () => {
    const m = await signInMerchant(suite.app);
    const recorded = await recordUnmapped(suite.db, {
      userId: m.id,
      chainId: -5001,
      tokenAddress: MINT,
      recipientTokenAccount: ATA,
      signature: `sig-${randomBytes(8).toString("hex")}`,
      instructionIndex: 0,
      innerIndex: -1,
      source: "SenderAta",
      payer: Keypair.generate().publicKey.toBase58(),
      amount: RECEIVED,
      memos: [],
      blockTime: new Date("2026-11-20T09:30:00.000Z"),
    });
    const unmappedId = recorded!.row.id;
    for (const path of ["/v2/refunds/feasibility", "/check-for-payment", "/v2/refunds/init"]) {
      const res = await call("POST", path, m, { unmappedId });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: "permission_denied", message: "Your account does not have access to this feature" });
    }
    expect(await suite.db.select().from(refunds).where(eq(refunds.unmappedId, unmappedId))).toEqual([]);
    // A payment's refund is not gated by it.
    const { tx } = await payment(m);
    expect((await feasibility(m, tx.id)).txAmount).toBe("12500000");
    expect((await call("POST", "/v2/refunds/init", m, { paymentId: tx.id })).status).toBe(201);
    // Once an operator granted `mapped`, the inflow can be refunded.
    await grantPermission(suite.db, m.id, "mapped");
    expect((await (await call("POST", "/v2/refunds/feasibility", m, { unmappedId })).json()).data).toMatchObject({ unmappedId, txAmount: "12500000" });
    expect((await call("POST", "/v2/refunds/init", m, { unmappedId })).status).toBe(201);
  });

  it("refuses a payment that has not been paid", async () => {
    const m = await signInMerchant(suite.app);
    const { tx } = await payment(m, { unpaid: true });
    const res = await call("POST", "/v2/refunds/init", m, { paymentId: tx.id });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "not_refundable", message: REFUND_MESSAGES.notRefundable });
  });

  it("refuses a merchant who is not signed in", async () => {
    for (const path of ["/v2/refunds/feasibility", "/check-for-payment", "/v2/refunds/init"]) {
      const res = await call("POST", path, undefined, { paymentId: "00000000-0000-4000-8000-000000000000" });
      expect(res.status).toBe(401);
    }
  });

  it("gives a cancelled refund's amount back", async () => {
    const m = await signInMerchant(suite.app);
    const { tx } = await payment(m);
    const started = (await (await call("POST", "/v2/refunds/init", m, { paymentId: tx.id })).json()).data;
    expect((await feasibility(m, tx.id)).txAmount).toBe("0");
    const cancel = await call("POST", `/v2/refunds/${started.refundId}/cancel`, m);
    expect(await cancel.json()).toEqual({ success: true, data: { refundId: started.refundId, status: "failed" } });
    expect((await feasibility(m, tx.id)).txAmount).toBe("12500000");
    expect((await call("POST", `/v2/refunds/${started.refundId}/cancel`, m)).status).toBe(409);
  });

  it("a confirmed partial refund keeps the payment validated; the rest makes it refunded; each sends payment.refunded", async () => {
    const m = await signInMerchant(suite.app);
    await suite.db.insert(merchantIntegrations).values({ userId: m.id, secret: "whsec_test", apiHook: "https://shop.example/hook" }).onConflictDoUpdate({
      target: merchantIntegrations.userId,
      set: { apiHook: "https://shop.example/hook" },
    });
    const { tx, payer } = await payment(m);
    /** The payment as the Orders list and its Details dialog get it. */
    const listed = async () => {
      const res = await call("GET", "/transactions?txStatus=initiated,paid,validated,failed", m);
      expect(res.status).toBe(200);
      const list = (await res.json()).data.table.list as { _id: string; status: string; refundedAmount: string; refundedAt: string | null }[];
      return list.find((r) => r._id === tx.id)!;
    };
    expect(await listed()).toMatchObject({ status: "validated", refundedAmount: "0", refundedAt: null });
    const part = (await (await call("POST", "/v2/refunds/init", m, { paymentId: tx.id, refundAmount: "2500000" })).json()).data;
    expect((await listed()).refundedAmount).toBe("0"); // started, not confirmed
    const ids = await confirmRefund(suite.db, part.refundId, "sigRefund1", new Date());
    expect(ids).toHaveLength(1);
    expect(await confirmRefund(suite.db, part.refundId, "sigRefund1", new Date())).toEqual([]); // exactly once
    let [row] = await suite.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row).toMatchObject({ status: "validated", refundedAmount: 2_500_000n, refundedAt: null });
    expect((await feasibility(m, tx.id)).refunded).toBe("2500000");
    expect(await listed()).toMatchObject({ status: "validated", refundedAmount: "2500000", refundedAt: null });

    const rest = (await (await call("POST", "/v2/refunds/init", m, { paymentId: tx.id })).json()).data;
    expect(rest.amount).toBe("10000000");
    await confirmRefund(suite.db, rest.refundId, "sigRefund2", new Date());
    [row] = await suite.db.select().from(transactions).where(eq(transactions.id, tx.id));
    expect(row!.refundedAmount).toBe(RECEIVED);
    expect(row!.refundedAt).toBeInstanceOf(Date);
    expect(await listed()).toMatchObject({ refundedAmount: "12500000", refundedAt: row!.refundedAt!.toISOString() });

    const events = await suite.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, tx.id));
    const refunded = events.filter((e) => e.type === "payment.refunded").sort((a, b) => +a.createdAt - +b.createdAt);
    expect(refunded.map((e) => e.status)).toEqual(["pending", "pending"]);
    expect(refunded[0]!.payload).toMatchObject({
      type: "payment.refunded",
      data: { refund: { _id: part.refundId, amount: { value: "2500000", decimals: 6, currency: "USDC" }, hash: "sigRefund1", to: payer, full: false }, refundedAmount: { value: "2500000" } },
    });
    expect(refunded[1]!.payload).toMatchObject({ data: { refund: { full: true }, refundedAmount: { value: "12500000" }, transaction: { _id: tx.id } } });
    expect((refunded[1]!.payload as { data: { transaction: { refundedAt: string | null } } }).data.transaction.refundedAt).not.toBeNull();
  });
});
