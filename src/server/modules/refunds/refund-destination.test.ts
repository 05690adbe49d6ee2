import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { RefundBalanceDto, RefundInstructionDto } from "@/lib/refund";
import { buildPaymentTransaction } from "@/components/pay/solana/build-payment-transaction";
import type { Database } from "../../db/client";
import { refunds, transactions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { callJson } from "../../testing/call-json";
import { signInMerchant } from "../../testing/merchants";
import { attachWalletAndLink } from "../../testing/pay-apps";
import { fundedPayer, pay, startPayFixture, type PayFixture } from "../../testing/pay-fixture";
import { until } from "../../testing/webhook-receiver";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const PRICE = 12_500_000n;

/**
 * Where a refund goes, for real on the local Solana network. Anyone who reads a payment's reference
 * (off a Solana Pay QR at a counter) can send it dust first; the refund still goes to the wallet
 * whose money paid, each sender gets back at most what it sent, and the merchant may send a dust
 * sender its own dust back.
 */
describe.each(TEST_BACKENDS)("the refund's destination on the local Solana network (%s)", (kind) => {
  let database: Database;
  let f: PayFixture;
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startPayFixture(database);
  }, 90_000);
  afterAll(async () => {
    await f?.stop();
    await database?.close();
  });

  const row = async (publicId: string) => (await database.db.select().from(transactions).where(eq(transactions.publicId, publicId)))[0]!;
  const feasibility = async (m: Merchant, paymentId: string) => (await callJson(f.app, "POST", "/api/v2/refunds/feasibility", { paymentId }, m.auth)).body.data as RefundBalanceDto;
  const init = (m: Merchant, body: Record<string, unknown>) => callJson(f.app, "POST", "/api/v2/refunds/init", body, m.auth);
  const ata = (owner: string) => getAssociatedTokenAddressSync(new PublicKey(f.solana.mints.USDC), new PublicKey(owner), true).toBase58();
  const usdc = async (owner: string) => BigInt((await f.connection.getTokenAccountBalance(new PublicKey(ata(owner)), "confirmed")).value.amount);

  /** A merchant whose receiving wallet is a key the test holds (with SOL, so it can send refunds), and a started 12.5 USDC payment. */
  async function startedPayment() {
    const merchantKey = Keypair.generate();
    const merchant = await signInMerchant(f.app);
    const { link } = await attachWalletAndLink(f, merchant, { address: merchantKey.publicKey.toBase58(), type: "manual", version: 1 }, { label: "Tea", price: "12.5", currency: "USDC" });
    await f.solana.airdrop(merchantKey.publicKey.toBase58(), 1_000_000_000n);
    const payer = await fundedPayer(f);
    const started = await callJson(f.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: -5001, token: "USDC", payer: payer.publicKey.toBase58(), sessionId: `s-${payer.publicKey.toBase58()}` });
    return { merchant, merchantKey, payer, info: started.body.data as PaymentTransactionInfo };
  }

  /** `from` pays `amount` with the payment's reference and memo (as the QR says), and the watcher credits it. */
  async function send(from: Keypair, info: PaymentTransactionInfo, amount: bigint) {
    const before = (await row(info.payment)).receivedAmount ?? 0n;
    await pay(f, from, info, { info: { amountWei: amount.toString() } });
    await until(async () => ((await row(info.payment)).receivedAmount === before + amount ? true : undefined), "credited");
  }

  /** The merchant's wallet sends the refund back as the dialog builds it; `/sent` confirms it. */
  async function sendBack(m: Merchant, merchantKey: Keypair, r: RefundInstructionDto) {
    const { blockhash, lastValidBlockHeight } = await f.connection.getLatestBlockhash("confirmed");
    const tx = buildPaymentTransaction({
      payer: merchantKey.publicKey,
      info: { address: r.destinationTokenAccount, tokenAddress: r.tokenAddress, amountWei: r.amount, decimals: r.decimals, reference: r.reference, memo: r.memo, recipient: r.to, createRecipientAccount: true },
      blockhash,
      lastValidBlockHeight,
    });
    tx.sign(merchantKey);
    const signature = await f.connection.sendRawTransaction(tx.serialize(), { preflightCommitment: "confirmed" });
    await f.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, "confirmed");
    const answer = await callJson(f.app, "POST", `/api/v2/refunds/${r.refundId}/sent`, { signature }, m.auth);
    expect(answer.body.data.status).toBe("confirmed");
  }

  it("dust sent first with the reference does not steer the refund", async () => {
    const { merchant, merchantKey, payer, info } = await startedPayment();
    const stranger = await fundedPayer(f, 1_000n);
    await send(stranger, info, 1n); // read off the QR, sent before the payer
    await send(payer, info, PRICE);
    const paymentId = (await row(info.payment)).id;
    expect((await row(info.payment)).payer).toBe(payer.publicKey.toBase58()); // what the merchant's screens show

    const started = await init(merchant, { paymentId });
    expect(started.status).toBe(201);
    const r = started.body.data as RefundInstructionDto;
    expect(r).toMatchObject({ to: payer.publicKey.toBase58(), destinationTokenAccount: ata(payer.publicKey.toBase58()), amount: PRICE.toString() });
    // The dialog names that wallet before the merchant's wallet signs.
    expect(await feasibility(merchant, paymentId)).toMatchObject({ to: payer.publicKey.toBase58(), txAmount: "0", received: (PRICE + 1n).toString() });

    const before = await usdc(payer.publicKey.toBase58());
    await sendBack(merchant, merchantKey, r);
    expect(await usdc(payer.publicKey.toBase58())).toBe(before + PRICE);
    expect(await usdc(stranger.publicKey.toBase58())).toBe(999n);
  });

  it("two payers: each is refunded at most what it sent", async () => {
    const { merchant, payer, info } = await startedPayment();
    const first = await fundedPayer(f);
    await send(first, info, 5_000_000n);
    await send(payer, info, 7_500_000n);
    const paymentId = (await row(info.payment)).id;
    const [a, b] = [first.publicKey.toBase58(), payer.publicKey.toBase58()];

    const balance = await feasibility(merchant, paymentId);
    expect(balance.senders).toEqual([
      { address: b, tokenAccount: ata(b), sent: "7500000", available: "7500000", label: "7.5 USDC" },
      { address: a, tokenAccount: ata(a), sent: "5000000", available: "5000000", label: "5 USDC" },
    ]);
    const over = await init(merchant, { paymentId, to: a, refundAmount: "5000001" });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: "above_available", message: "The refund is larger than what can still be refunded (5 USDC)" });

    const toA = await init(merchant, { paymentId, to: a });
    expect(toA.status).toBe(201);
    expect(toA.body.data).toMatchObject({ to: a, destinationTokenAccount: ata(a), amount: "5000000" });
    const again = await init(merchant, { paymentId, to: a, refundAmount: "1" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "sender_refunded" });

    const rest = await init(merchant, { paymentId });
    expect(rest.status).toBe(201);
    expect(rest.body.data).toMatchObject({ to: b, amount: "7500000" });
    const stored = await database.db.select().from(refunds).where(eq(refunds.transactionId, paymentId));
    expect(stored.map((s) => [s.destinationOwner, s.amount])).toHaveLength(2);
    expect(stored.map((s) => [s.destinationOwner, s.amount])).toEqual(
      expect.arrayContaining([
        [a, 5_000_000n],
        [b, 7_500_000n],
      ]),
    );
    expect((await init(merchant, { paymentId })).body).toMatchObject({ code: "already_refunded" });
  });

  it("the dust sender can be refunded its own dust", async () => {
    const { merchant, merchantKey, payer, info } = await startedPayment();
    const stranger = await fundedPayer(f, 1_000n);
    await send(stranger, info, 1n);
    await send(payer, info, PRICE);
    const paymentId = (await row(info.payment)).id;
    const s = stranger.publicKey.toBase58();

    const more = await init(merchant, { paymentId, to: s, refundAmount: "2" });
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ code: "above_available", message: "The refund is larger than what can still be refunded (0.000001 USDC)" });
    const dust = await init(merchant, { paymentId, to: s });
    expect(dust.status).toBe(201);
    const r = dust.body.data as RefundInstructionDto;
    expect(r).toMatchObject({ to: s, destinationTokenAccount: ata(s), amount: "1" });
    await sendBack(merchant, merchantKey, r);
    expect(await usdc(s)).toBe(1_000n);

    // The payer's money is still the payer's, whole.
    const balance = await feasibility(merchant, paymentId);
    expect(balance).toMatchObject({ to: payer.publicKey.toBase58(), txAmount: PRICE.toString(), refunded: "1" });
    expect(balance.senders.find((x) => x.address === s)).toMatchObject({ available: "0" });
  });

  it("refuses a destination that did not pay this payment, and another merchant's payment whatever the destination", async () => {
    const { merchant, payer, info } = await startedPayment();
    await send(payer, info, PRICE);
    const paymentId = (await row(info.payment)).id;
    const nobody = Keypair.generate().publicKey.toBase58();
    const refused = await init(merchant, { paymentId, to: nobody });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "not_a_sender", message: "This wallet did not pay this payment" });
    expect((await init(merchant, { paymentId, to: "x".repeat(200) })).status).toBe(400);
    const other = await signInMerchant(f.app);
    expect((await init(other, { paymentId, to: payer.publicKey.toBase58() })).status).toBe(404);
    expect(await database.db.select().from(refunds).where(eq(refunds.transactionId, paymentId))).toEqual([]);
  });
});
