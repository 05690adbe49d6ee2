import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { PublicKey } from "@solana/web3.js";
import { and, eq, sql } from "drizzle-orm";
import { INFLOW_ADDRESS_NOT_PROVEN } from "@/lib/wallet-messages";
import { createApp } from "../../app";
import { merchantWallets, paymentCredits, refunds, transactions, unmappedTransfers, users, webhookEvents } from "../../db/schema";
import type { CreateTransactionInput } from "../../payments/service";
import { recordUnmapped } from "../../payments/unmapped";
import { TEST_BACKENDS } from "../../testing/databases";
import { appSuite } from "../../testing/app-suite";
import { MADE_UP_ATA as ATA, MADE_UP_MINT as MINT, startMadeUpPayment } from "../../testing/made-up-payments";
import { signInMerchant } from "../../testing/merchants";
import { newSolanaKey } from "../../testing/solana-keys";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const OTHER_MINT = "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB";
const SENDER = "Sender11111111111111111111111111111111111111";
/** On the bundled sanctions list (the tests' data directory has no refreshed copy). */
const LISTED_SOLANA_WALLET = "42RLPACwZPx3vYYmxSueqsogfynBDqXK298EDsNoyoHi";

describe.each(TEST_BACKENDS)("unmapped inflows on %s", (kind) => {
  const suite = appSuite(kind);
  const { call } = suite;

  /** A signed-in merchant an operator granted the Unmapped screen (permission `mapped`). */
  async function mappedMerchant(): Promise<Merchant> {
    const m = await signInMerchant(suite.app);
    await suite.db
      .update(users)
      .set({ settings: sql`jsonb_set(${users.settings}, '{permissions}', (${users.settings}->'permissions') || '["mapped"]'::jsonb)` })
      .where(eq(users.id, m.id));
    return m;
  }
  /** Each merchant's own receiving token account (one account has one owner: several merchants naming one would own it none). */
  const accounts = new Map<string, string>();
  const accountOf = (m: Merchant) => accounts.get(m.id) ?? accounts.set(m.id, newSolanaKey().address).get(m.id)!;
  const payment = (m: Merchant, over: Partial<CreateTransactionInput> = {}) =>
    startMadeUpPayment(suite.db, m.id, { memo: "zpay:expected-memo", recipientTokenAccount: accountOf(m), ...over });
  async function inflow(m: Merchant, over: { amount?: bigint; tokenAddress?: string; blockTime?: Date; recipientTokenAccount?: string; parties?: string[] } = {}) {
    const recorded = await recordUnmapped(suite.db, {
      userId: m.id,
      chainId: -5001,
      tokenAddress: over.tokenAddress ?? MINT,
      recipientTokenAccount: over.recipientTokenAccount ?? accountOf(m),
      signature: `sig-${randomBytes(8).toString("hex")}`,
      instructionIndex: 0,
      innerIndex: -1,
      source: "SenderAta",
      payer: SENDER,
      parties: over.parties ?? [SENDER],
      amount: over.amount ?? 12_500_000n,
      memos: [],
      blockTime: over.blockTime ?? new Date("2026-11-20T09:30:00.000Z"),
    });
    return recorded!.row;
  }
  const list = async (m: Merchant) => (await (await call("GET", "/v2/unmapped", m)).json()).data;

  it("lists the merchant's inflows with amount, token, sender, hash, date and chain", async () => {
    const m = await mappedMerchant();
    expect(await list(m)).toEqual([]);
    await payment(m); // names the token: its symbol and decimals come from a payment that asked for it
    const row = await inflow(m, { amount: 2_500_000n });
    expect(await list(m)).toEqual([
      {
        _id: row.id,
        chain: -5001,
        amount: { value: "2500000", decimals: 6, currency: "USDC" },
        tokenAddress: MINT,
        sender: SENDER,
        hash: row.signature,
        scanLink: null, // devnet has no explorer here; a sandbox network links to its own page
        date: "2026-11-20T09:30:00.000Z",
      },
    ]);
  });

  it("offers only open payments of the same chain, token and account, and maps one: validated, webhooks, gone from the list", async () => {
    const m = await mappedMerchant();
    const open = await payment(m);
    const expired = await payment(m);
    await suite.db.update(transactions).set({ status: "failed", failureReason: "expired", failedAt: new Date() }).where(eq(transactions.id, expired.id));
    const paid = await payment(m);
    await suite.db.update(transactions).set({ status: "paid", paidAt: new Date() }).where(eq(transactions.id, paid.id));
    await payment(m, { tokenAddress: OTHER_MINT, token: "USDT" });
    await payment(m, { recipientTokenAccount: "ElsewhereAta" });
    const row = await inflow(m);

    const offered = await call("GET", `/v2/unmapped/${row.id}/payments`, m);
    expect(offered.status).toBe(200);
    const candidates = (await offered.json()).data;
    expect(candidates.map((p: { _id: string }) => p._id).sort()).toEqual([open.id, expired.id].sort());
    expect(candidates.find((p: { _id: string }) => p._id === expired.id)).toMatchObject({
      type: "collect",
      status: "failed",
      failureReason: "expired",
      requestedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
      recievedAmount: null,
    });

    const res = await call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: open.id });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      data: { info: { _id: open.id, status: "validated", hash: row.signature, payer: SENDER, recievedAmount: { value: "12500000" } } },
    });
    expect(body.data.info.validatedAt).not.toBeNull();
    expect(await list(m)).toEqual([]);
    const credits = await suite.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, open.id));
    expect(credits).toMatchObject([{ signature: row.signature, amount: 12_500_000n, finalized: true, held: false }]);
    const events = await suite.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, open.id));
    expect(events.map((e) => e.type).sort()).toEqual(["payment.paid", "payment.validated"]);

    // Mapped once, ever: the same inflow cannot be mapped again, to this payment or another.
    const again = await call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: expired.id });
    expect(again.status).toBe(404);
  });

  it("completes an expired payment as a late one", async () => {
    const m = await mappedMerchant();
    const expired = await payment(m);
    await suite.db.update(transactions).set({ status: "failed", failureReason: "expired", failedAt: new Date() }).where(eq(transactions.id, expired.id));
    const row = await inflow(m);
    const res = await call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: expired.id });
    expect(res.status).toBe(200);
    const [after] = await suite.db.select().from(transactions).where(eq(transactions.id, expired.id));
    expect(after).toMatchObject({ status: "validated", late: true, failureReason: null });
  });

  it("an inflow a listed fee payer or co-signer took part in is held when mapped, though its sender is clean", async () => {
    const m = await mappedMerchant();
    const open = await payment(m);
    // The scan recorded who signed and paid for the transaction besides the clean sender: one is on the bundled list.
    const row = await inflow(m, { parties: [SENDER, LISTED_SOLANA_WALLET] });
    const res = await call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: open.id });
    expect(res.status).toBe(200);
    const [after] = await suite.db.select().from(transactions).where(eq(transactions.id, open.id));
    expect(after).toMatchObject({ status: "failed", failureReason: "sanctioned" });
    expect(await suite.db.select().from(paymentCredits).where(eq(paymentCredits.transactionId, open.id))).toMatchObject([{ signature: row.signature, held: true }]);
    const events = await suite.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, open.id));
    expect(events.map((e) => e.type).sort()).toEqual(["payment.failed", "payment.held"]);
  });

  it("an inflow being refunded (or refunded) can't also be mapped: the money would leave twice", async () => {
    const m = await mappedMerchant();
    const open = await payment(m);
    const row = await inflow(m);
    await suite.db.insert(refunds).values({
      userId: m.id,
      unmappedId: row.id,
      chainId: -5001,
      tokenAddress: MINT,
      decimals: 6,
      amount: 12_500_000n,
      sourceTokenAccount: ATA,
      destinationOwner: SENDER,
      destinationTokenAccount: "SenderAta",
      reference: `refund-${randomBytes(8).toString("hex")}`,
    });
    const res = await call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: open.id });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("inflow_refunded");
    const [still] = await suite.db.select().from(transactions).where(eq(transactions.id, open.id));
    expect(still!.status).toBe("initiated");
  });

  // PostgreSQL only: the test holds the inflow's row lock in one connection while the request runs in another (embedded PGlite has one connection).
  it.runIf(kind === "postgres")("a refund committed while a map of the same inflow runs: the map waits for the inflow, then sees the refund (never both)", async () => {
    const m = await mappedMerchant();
    const open = await payment(m);
    const row = await inflow(m);
    let mapping: Promise<Response> | undefined;
    const refundReference = `refund-${randomBytes(8).toString("hex")}`;
    await suite.db.transaction(async (tx) => {
      // What /v2/refunds/init does: lock the inflow, check, insert the refund.
      await tx.select({ id: unmappedTransfers.id }).from(unmappedTransfers).where(eq(unmappedTransfers.id, row.id)).for("update");
      mapping = Promise.resolve(call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: open.id }));
      await new Promise((resolve) => setTimeout(resolve, 300)); // the map reaches the inflow meanwhile
      await tx.insert(refunds).values({
        userId: m.id,
        unmappedId: row.id,
        chainId: -5001,
        tokenAddress: MINT,
        decimals: 6,
        amount: 12_500_000n,
        sourceTokenAccount: ATA,
        destinationOwner: SENDER,
        destinationTokenAccount: "SenderAta",
        reference: refundReference,
      });
    });
    const res = await mapping!;
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("inflow_refunded");
    expect(await suite.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.reference, refundReference))).toHaveLength(1);
    expect((await suite.db.select().from(transactions).where(eq(transactions.id, open.id)))[0]!.status).toBe("initiated");
    expect(await suite.db.select().from(paymentCredits).where(eq(paymentCredits.signature, row.signature))).toEqual([]);
  });

  it("a map and a refund of one inflow started at once: exactly one passes", async () => {
    const m = await mappedMerchant();
    const open = await payment(m);
    const row = await inflow(m);
    const [mapped, refunded] = await Promise.all([
      call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: open.id }),
      call("POST", "/v2/refunds/init", m, { unmappedId: row.id }),
    ]);
    expect([mapped.status, refunded.status].filter((s) => s < 300)).toHaveLength(1);
    const refundRows = await suite.db.select().from(refunds).where(eq(refunds.userId, m.id));
    const credits = await suite.db.select().from(paymentCredits).where(eq(paymentCredits.signature, row.signature));
    expect(refundRows.length + credits.length).toBe(1);
  });

  it("two concurrent maps of one inflow: exactly one wins, the other answers 409 or 404", async () => {
    const m = await mappedMerchant();
    const a = await payment(m);
    const b = await payment(m);
    const row = await inflow(m);
    const results = await Promise.all([
      call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: a.id }),
      call("POST", `/v2/unmapped/${row.id}/map`, m, { paymentId: b.id }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const loser = results.find((r) => r.status !== 200)!;
    expect((await loser.json()).code).toMatch(/^(already_mapped|not_found)$/);
    const credits = await suite.db.select().from(paymentCredits).where(eq(paymentCredits.signature, row.signature));
    expect(credits).toHaveLength(1);
    const statusesAfter = await suite.db.select({ id: transactions.id, status: transactions.status }).from(transactions).where(and(eq(transactions.userId, m.id)));
    expect(statusesAfter.filter((t) => t.status === "validated")).toHaveLength(1);
    expect(await suite.db.select().from(unmappedTransfers).where(eq(unmappedTransfers.id, row.id))).toEqual([]);
  });

  it("refuses a bad request with its message: closed payment, other token, unknown ids, missing body", async () => {
    const m = await mappedMerchant();
    const row = await inflow(m);
    const paid = await payment(m);
    await suite.db.update(transactions).set({ status: "paid", paidAt: new Date() }).where(eq(transactions.id, paid.id));
    const usdt = await payment(m, { tokenAddress: OTHER_MINT, token: "USDT" });
    const cases: [unknown, number, string, string][] = [
      [{ paymentId: paid.id }, 409, "payment_not_open", "This payment is not waiting for money any more"],
      [{ paymentId: usdt.id }, 409, "payment_mismatch", "This payment expects another chain, token or receiving account than the inflow"],
      [{ paymentId: "not-a-uuid" }, 404, "payment_not_found", "Payment not found"],
    ];
    for (const [body, status, code, message] of cases) {
      const res = await call("POST", `/v2/unmapped/${row.id}/map`, m, body);
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ code, message });
    }
    const missing = await call("POST", `/v2/unmapped/${row.id}/map`, m, {});
    expect(missing.status).toBe(400);
    const unknown = await call("GET", `/v2/unmapped/00000000-0000-4000-8000-000000000000/payments`, m);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe("This inflow is not in your unmapped list (already mapped, or not yours)");
    expect(await list(m)).toHaveLength(1); // nothing was credited
  });

  it("another merchant cannot see, list payments for, or map the first one's inflow, nor map to their payment", async () => {
    const owner = await mappedMerchant();
    const other = await mappedMerchant();
    const row = await inflow(owner);
    const ownersPayment = await payment(owner);
    const othersPayment = await payment(other);
    expect(await list(other)).toEqual([]);
    expect((await call("GET", `/v2/unmapped/${row.id}/payments`, other)).status).toBe(404);
    expect((await call("POST", `/v2/unmapped/${row.id}/map`, other, { paymentId: othersPayment.id })).status).toBe(404);
    expect((await call("POST", `/v2/unmapped/${row.id}/map`, other, { paymentId: ownersPayment.id })).status).toBe(404);
    // Nor can the owner map their inflow to the other merchant's payment.
    const res = await call("POST", `/v2/unmapped/${row.id}/map`, owner, { paymentId: othersPayment.id });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("payment_not_found");
    expect(await list(owner)).toHaveLength(1);
  });

  it("B who attached A's Solana address before the rule (direct DB insert, as old data) cannot map the inflows of its token account; its only holder can", async () => {
    const [a, b] = [await mappedMerchant(), await mappedMerchant()];
    const address = newSolanaKey().address;
    const account = getAssociatedTokenAddressSync(new PublicKey(MINT), new PublicKey(address), true).toBase58();
    const holds = (m: Merchant, provenAt: Date | null) =>
      suite.db.insert(merchantWallets).values({ userId: m.id, chainId: -5001, family: "solana", chains: [-5001], address, type: provenAt ? "solana" : "manual", provenAt });
    await holds(a, null);
    await holds(b, null);
    const open = await payment(b, { recipient: address, recipientTokenAccount: account });
    const row = await inflow(b, { recipientTokenAccount: account });
    const map = () => call("POST", `/v2/unmapped/${row.id}/map`, b, { paymentId: open.id });

    // Shared, nobody proved it: nobody maps.
    const refused = await map();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "address_not_proven", message: INFLOW_ADDRESS_NOT_PROVEN });
    // A proved it: still not B's.
    await suite.db.update(merchantWallets).set({ provenAt: new Date(), type: "solana" }).where(eq(merchantWallets.userId, a.id));
    expect((await map()).status).toBe(409);
    expect((await suite.db.select().from(transactions).where(eq(transactions.id, open.id)))[0]!.status).toBe("initiated");
    // A leaves the address: B is its only holder, and maps.
    await suite.db.delete(merchantWallets).where(eq(merchantWallets.userId, a.id));
    expect((await map()).status).toBe(200);
  });

  it("refuses without a session, and without the mapped permission", async () => {
    const m = await mappedMerchant();
    const row = await inflow(m);
    expect((await call("GET", "/v2/unmapped")).status).toBe(401);
    expect((await call("POST", `/v2/unmapped/${row.id}/map`, undefined, { paymentId: row.id })).status).toBe(401);
    const plain = await signInMerchant(suite.app);
    const res = await call("GET", "/v2/unmapped", plain);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("permission_denied");
    expect((await call("GET", `/v2/unmapped/${row.id}/payments`, plain)).status).toBe(403);
  });

  it("a sandbox merchant may grant themself the screen; production refuses; no session refused", async () => {
    const m = await signInMerchant(suite.app);
    expect((await call("GET", "/v2/unmapped", m)).status).toBe(403);
    const granted = await call("POST", "/sandbox/grant-mapped", m);
    expect(granted.status).toBe(200);
    expect((await granted.json()).data.permissions).toContain("mapped");
    expect((await call("GET", "/v2/unmapped", m)).status).toBe(200);
    expect((await call("POST", "/sandbox/grant-mapped")).status).toBe(401);
    const production = createApp({ ...suite.deps, env: { ...suite.deps.env, ZPAY_MODE: "production" } });
    const other = await signInMerchant(suite.app);
    const refused = await production.request("/api/sandbox/grant-mapped", { method: "POST", headers: other.auth });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "sandbox_only", message: "Only an operator grants this in production" });
    expect((await call("GET", "/v2/unmapped", other)).status).toBe(403);
  });
});
