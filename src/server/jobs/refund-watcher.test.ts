import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Keypair } from "@solana/web3.js";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { RefundInstructionDto } from "@/lib/refund";
import { buildPaymentTransaction } from "@/components/pay/solana/build-payment-transaction";
import type { Database } from "../db/client";
import { refunds, transactions, webhookEvents } from "../db/schema";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { callJson } from "../testing/call-json";
import { evmPaySuite } from "../testing/evm-pay-suite";
import { paidEvmPayment, sendEvmRefundBack } from "../testing/evm-refunds";
import { signInMerchant } from "../testing/merchants";
import { attachWalletAndLink } from "../testing/pay-apps";
import { fundedPayer, pay, startPayFixture, type PayFixture } from "../testing/pay-fixture";
import { until } from "../testing/webhook-receiver";
import { MIGRATION_LOCK_KEY } from "../db/client";
import { PAY_START_LINK_LOCK } from "../modules/pay/start-caps";
import { holdLeadership, watcherLockKey } from "./leader-lock";
import { REFUND_WATCHER_LOCK_KEY, watchRefundsOnce, type RefundWatcherDeps } from "./refund-watcher";

const A = 31337;
const HOUR = 3_600_000;

/**
 * The refund watcher on the local EVM chain: it confirms a refund whose transfer back is on chain
 * though the merchant's browser never reported it, and fails a `requested` one nothing was sent
 * for once it is older than the expiry, so its amount can be refunded again.
 */
describe.each(TEST_BACKENDS)("the refund watcher (%s)", (kind) => {
  const suite = evmPaySuite(kind);

  const deps = (nowMs = Date.now()): RefundWatcherDeps => ({ db: suite.database.db, chains: suite.f.deps.chains, log: suite.f.deps.log, expiryMs: HOUR, now: () => new Date(nowMs) });
  const init = async (m: { auth: Record<string, string> }, body: Record<string, unknown>) => {
    const res = await callJson(suite.f.app, "POST", "/api/v2/refunds/init", body, m.auth);
    if (res.status !== 201) throw new Error(`init failed: ${JSON.stringify(res.body)}`);
    return res.body.data as RefundInstructionDto;
  };
  const statusOf = async (id: string) => (await suite.database.db.select().from(refunds).where(eq(refunds.id, id)))[0]!.status;
  const refundable = async (m: { auth: Record<string, string> }, paymentId: string) =>
    (await callJson(suite.f.app, "POST", "/api/v2/refunds/feasibility", { paymentId }, m.auth)).body.data.txAmount as string;

  it("confirms a refund the chain shows though the browser never reported it, with its payment.refunded event", async () => {
    const { merchant, wallet, paymentId } = await paidEvmPayment(suite.f, suite.database, A);
    const r = await init(merchant, { paymentId, refundAmount: "3000000" });
    const hash = await sendEvmRefundBack(suite.f, wallet, r);
    expect(await statusOf(r.refundId)).toBe("requested");
    const pass = await watchRefundsOnce(deps());
    expect(pass.confirmed).toBeGreaterThanOrEqual(1);
    expect(await suite.database.db.select().from(refunds).where(eq(refunds.id, r.refundId))).toMatchObject([{ status: "confirmed", signature: hash }]);
    expect((await suite.database.db.select().from(transactions).where(eq(transactions.id, paymentId)))[0]!.refundedAmount).toBe(3_000_000n);
    const events = await suite.database.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, paymentId));
    expect(events.filter((e) => e.type === "payment.refunded")).toHaveLength(1);
    // A second pass changes nothing.
    await watchRefundsOnce(deps());
    expect((await suite.database.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, paymentId))).filter((e) => e.type === "payment.refunded")).toHaveLength(1);
  });

  it("expires a requested refund nothing was sent for only after the expiry, never a sent one, and the amount is refundable again", async () => {
    const { merchant, paymentId } = await paidEvmPayment(suite.f, suite.database, A);
    const idle = await init(merchant, { paymentId, refundAmount: "2000000" });
    const reported = await init(merchant, { paymentId, refundAmount: "1000000" });
    await callJson(suite.f.app, "POST", `/api/v2/refunds/${reported.refundId}/sent`, { signature: `0x${"34".repeat(32)}` }, merchant.auth);
    expect(await refundable(merchant, paymentId)).toBe("9500000");

    await watchRefundsOnce(deps(Date.now() + HOUR - 60_000)); // not old enough yet
    expect(await statusOf(idle.refundId)).toBe("requested");

    await watchRefundsOnce(deps(Date.now() + HOUR + 60_000));
    expect(await statusOf(idle.refundId)).toBe("failed");
    expect(await statusOf(reported.refundId)).toBe("sent");
    expect(await refundable(merchant, paymentId)).toBe("11500000");
  });

  it("confirms rather than expires an old requested refund whose transfer is on chain", async () => {
    const { merchant, wallet, paymentId } = await paidEvmPayment(suite.f, suite.database, A);
    const r = await init(merchant, { paymentId });
    await sendEvmRefundBack(suite.f, wallet, r);
    await watchRefundsOnce(deps(Date.now() + 2 * HOUR));
    expect(await statusOf(r.refundId)).toBe("confirmed");
    expect((await suite.database.db.select().from(transactions).where(eq(transactions.id, paymentId)))[0]!.refundedAt).toBeInstanceOf(Date);
  });

  it.runIf(kind === "postgres")("runs in one process at a time", async () => {
    const started: string[] = [];
    const work = (name: string) => async () => {
      started.push(name);
      return async () => {};
    };
    const first = holdLeadership(suite.database, work("first"), { key: REFUND_WATCHER_LOCK_KEY, retryMs: 50, log: suite.f.deps.log, name: "refund-watcher-1" });
    await until(() => (first.leading ? true : undefined), "the first leads");
    const second = holdLeadership(suite.database, work("second"), { key: REFUND_WATCHER_LOCK_KEY, retryMs: 50, log: suite.f.deps.log, name: "refund-watcher-2" });
    await new Promise((r) => setTimeout(r, 300)); // several of the second's tries
    expect([first.leading, second.leading]).toEqual([true, false]);
    await first.stop();
    await until(() => (second.leading ? true : undefined), "the second takes over");
    expect(started).toEqual(["first", "second"]);
    await second.stop();
  });
});

describe("the refund watcher's lock", () => {
  it("is none of zpay's other advisory locks: a leader holds it for life, so a shared key would block the others forever", () => {
    const others = [MIGRATION_LOCK_KEY, [PAY_START_LINK_LOCK, 0] as const, watcherLockKey(REFUND_WATCHER_LOCK_KEY[1])];
    for (const key of others) expect([...REFUND_WATCHER_LOCK_KEY]).not.toEqual([...key]);
    expect(REFUND_WATCHER_LOCK_KEY[0]).not.toBe(watcherLockKey(0)[0]);
  });
});

/** The same on the local Solana network: the refund transfer the merchant's wallet sent is found by its reference key. */
describe.each(TEST_BACKENDS)("the refund watcher on Solana (%s)", (kind) => {
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

  it("confirms a Solana refund the browser never reported", async () => {
    const merchantKey = Keypair.generate();
    const m = await signInMerchant(f.app);
    const { link } = await attachWalletAndLink(f, m, { address: merchantKey.publicKey.toBase58(), type: "manual", version: 1 }, { label: "Tea", price: "12.5", currency: "USDC" });
    await f.solana.airdrop(merchantKey.publicKey.toBase58(), 1_000_000_000n);
    const payer = await fundedPayer(f);
    const info = (await callJson(f.payments, "POST", `/api/pay/${link.hashedId}/start`, { chainId: -5001, token: "USDC", payer: payer.publicKey.toBase58(), sessionId: "s-refund-watcher" })).body
      .data as PaymentTransactionInfo;
    await pay(f, payer, info);
    const row = async () => (await database.db.select().from(transactions).where(eq(transactions.publicId, info.payment)))[0]!;
    await until(async () => ((await row()).status === "paid" || (await row()).status === "validated" ? true : undefined), "paid");
    const r = (await callJson(f.app, "POST", "/api/v2/refunds/init", { paymentId: (await row()).id, refundAmount: "2000000" }, m.auth)).body.data as RefundInstructionDto;

    // The merchant's wallet sends the transfer back as the dialog builds it (the merchant pays, the payer receives).
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

    const deps: RefundWatcherDeps = { db: database.db, chains: f.deps.chains, log: f.deps.log };
    await until(async () => ((await watchRefundsOnce(deps)).confirmed > 0 ? true : undefined), "the watcher confirms");
    expect(await database.db.select().from(refunds).where(eq(refunds.id, r.refundId))).toMatchObject([{ status: "confirmed", signature }]);
    expect((await row()).refundedAmount).toBe(2_000_000n);
  });
});
