import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { erc20Abi, type Address, type PrivateKeyAccount } from "viem";
import type { RefundInstructionDto } from "@/lib/refund";
import { refunds, transactions } from "../../db/schema";
import { TEST_BACKENDS } from "../../testing/databases";
import { until, webhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";
import { callJson } from "../../testing/pay-fixture";
import { fundedEvmPayer, newEvmAccount } from "../../testing/evm-pay-fixture";
import { evmPaySuite } from "../../testing/evm-pay-suite";
import { paidEvmPayment, sendEvmRefundBack } from "../../testing/evm-refunds";
import { signInMerchant } from "../../testing/merchants";

const A = 31337;

/**
 * EVM refunds for real on local chain A: the merchant's wallet sends the money back through
 * Request Network's ERC20FeeProxy with the refund's reference; `/sent` confirms only what the
 * chain shows (the reference, from the merchant's wallet, to the payer, the token and the amount).
 */
describe.each(TEST_BACKENDS)("EVM refunds on the local chain (%s)", (kind) => {
  const suite = evmPaySuite(kind);
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    hooks = await webhookReceiver([200]);
  });
  afterAll(() => hooks?.close());

  const chain = () => suite.f.chains[A]!;
  const balanceOf = (owner: Address, token = chain().sandbox.tokens.USDC) =>
    chain().client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });

  const paidPayment = () => paidEvmPayment(suite.f, suite.database, A, hooks.url);
  const row = async (publicId: string) => (await suite.database.db.select().from(transactions).where(eq(transactions.publicId, publicId)))[0]!;
  const init = async (m: { auth: Record<string, string> }, body: Record<string, unknown>) => callJson(suite.f.app, "POST", "/api/v2/refunds/init", body, m.auth);
  const sent = (m: { auth: Record<string, string> }, refundId: string, signature: string) => callJson(suite.f.app, "POST", `/api/v2/refunds/${refundId}/sent`, { signature }, m.auth);

  const sendBack = (from: PrivateKeyAccount, r: RefundInstructionDto, tamper: Parameters<typeof sendEvmRefundBack>[3] = {}) => sendEvmRefundBack(suite.f, from, r, tamper);

  it("refunds 40 % from the merchant's wallet: the payer gets exactly that back, the payment is partially refunded, payment.refunded arrives", async () => {
    const { merchant, wallet, payer, info, paymentId } = await paidPayment();
    const feasible = await callJson(suite.f.app, "POST", "/api/v2/refunds/feasibility", { paymentId }, merchant.auth);
    expect(feasible.body.data).toMatchObject({ txAmount: "12500000", availBalance: "12500000", availBalanceStr: "12.5", chain: A });

    const started = await init(merchant, { paymentId, refundAmount: "5000000" });
    expect(started.status).toBe(201);
    const r = started.body.data as RefundInstructionDto;
    expect(r).toMatchObject({ chain: A, amount: "5000000", from: wallet.address, to: payer.address, tokenAddress: chain().sandbox.tokens.USDC, proxy: chain().sandbox.feeProxy });
    expect(r.reference).toMatch(/^0x[0-9a-f]{16}$/);

    const before = await balanceOf(payer.address);
    const hash = await sendBack(wallet, r);
    expect(await balanceOf(payer.address)).toBe(before + 5_000_000n);
    const answer = await sent(merchant, r.refundId, hash);
    expect(answer.body).toEqual({ success: true, data: { refundId: r.refundId, status: "confirmed" } });
    expect(await row(info.payment)).toMatchObject({ status: "validated", refundedAmount: 5_000_000n, refundedAt: null });
    const [stored] = await suite.database.db.select().from(refunds).where(eq(refunds.id, r.refundId));
    expect(stored).toMatchObject({ status: "confirmed", signature: hash });

    const event = await until(() => hooks.requests.map((q) => JSON.parse(q.body)).find((b) => b.type === "payment.refunded" && b.data.refund?._id === r.refundId), "payment.refunded");
    expect(event.data).toMatchObject({ refund: { amount: { value: "5000000", decimals: 6, currency: "USDC" }, hash, to: payer.address, full: false }, refundedAmount: { value: "5000000" } });
    // What is left can still be refunded; more than that cannot.
    expect((await init(merchant, { paymentId, refundAmount: "7500001" })).body).toMatchObject({ code: "above_available", message: "The refund is larger than what can still be refunded (7.5 USDC)" });
  });

  it("confirms nothing the chain does not show as the refund: another recipient, amount, token, sender or reference", async () => {
    const { merchant, wallet, paymentId } = await paidPayment();
    const r = (await init(merchant, { paymentId, refundAmount: "1000000" })).body.data as RefundInstructionDto;
    const { sandbox } = chain();
    await sandbox.mintTokens(wallet.address, sandbox.tokens.USDT, 5_000_000n);
    const stranger = await fundedEvmPayer(suite.f, A, "USDC", 5_000_000n);
    const tampered = [
      await sendBack(wallet, r, { to: newEvmAccount().address }),
      await sendBack(wallet, r, { amount: 999_999n }),
      await sendBack(wallet, r, { token: sandbox.tokens.USDT }),
      await sendBack(stranger, r), // the right reference, payer and amount, but not from the merchant's wallet
      await sendBack(wallet, r, { reference: "0x0000000000000001" }),
      `0x${"12".repeat(32)}`, // a hash no transaction has
      "not-a-hash",
    ];
    for (const hash of tampered) {
      const answer = await sent(merchant, r.refundId, hash);
      expect(answer.status).toBe(200);
      expect(answer.body.data.status).toBe("sent");
    }
    expect((await suite.database.db.select().from(refunds).where(eq(refunds.id, r.refundId)))[0]!.status).toBe("sent");
    // The real one confirms it.
    expect((await sent(merchant, r.refundId, await sendBack(wallet, r))).body.data.status).toBe("confirmed");
  });

  it("does not let a hash confirm another refund: the payment's own transaction, or an earlier refund's", async () => {
    const { merchant, wallet, paymentId, paymentHash } = await paidPayment();
    const first = (await init(merchant, { paymentId, refundAmount: "1000000" })).body.data as RefundInstructionDto;
    const second = (await init(merchant, { paymentId, refundAmount: "1000000" })).body.data as RefundInstructionDto;
    const firstHash = await sendBack(wallet, first);
    expect((await sent(merchant, first.refundId, firstHash)).body.data.status).toBe("confirmed");
    expect((await sent(merchant, second.refundId, firstHash)).body.data.status).toBe("sent");
    expect((await sent(merchant, second.refundId, paymentHash)).body.data.status).toBe("sent");
    const [payment] = await suite.database.db.select().from(transactions).where(eq(transactions.id, paymentId));
    expect(payment!.refundedAmount).toBe(1_000_000n);
  });

  it("keeps another merchant away from the refund and the payment", async () => {
    const { merchant, wallet, paymentId } = await paidPayment();
    const other = await signInMerchant(suite.f.app);
    expect((await init(other, { paymentId })).status).toBe(404);
    const r = (await init(merchant, { paymentId })).body.data as RefundInstructionDto;
    const hash = await sendBack(wallet, r);
    const theirs = await sent(other, r.refundId, hash);
    expect(theirs.status).toBe(404);
    expect((await suite.database.db.select().from(refunds).where(eq(refunds.id, r.refundId)))[0]!.status).toBe("requested");
    expect((await sent(merchant, r.refundId, hash)).body.data.status).toBe("confirmed");
    expect((await row((await suite.database.db.select().from(transactions).where(eq(transactions.id, paymentId)))[0]!.publicId)).refundedAt).toBeInstanceOf(Date);
  });
});
