import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { RefundBalanceDto, RefundInstructionDto } from "@/lib/refund";
import type { Database } from "../db/client";
import { refunds, transactions, webhookEvents } from "../db/schema";
import { confirmLateIfOnChain } from "../payments/refund-confirmation";
import { LATE_REFUND_WINDOW_MS } from "../payments/refund-rules";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { callJson } from "../testing/call-json";
import { countingRpcProxy } from "../testing/counting-rpc-proxy";
import { startEvmPayFixture, type EvmPayFixture } from "../testing/evm-pay-fixture";
import { paidEvmPayment, sendEvmRefundBack } from "../testing/evm-refunds";
import { LATE_REFUND_MAX_RECHECK_MS, LateRefundSchedule } from "./late-refunds";
import { watchRefundsOnce, type RefundWatcherDeps } from "./refund-watcher";

const A = 31337;
const HOUR = 3_600_000;

/**
 * An EVM refund the watcher failed (nothing seen within the expiry) whose transfer lands later: a
 * signed EVM transaction does not expire, so the watcher keeps looking during the late window and
 * records what the chain shows — even a double refund.
 */
describe.each(TEST_BACKENDS)("the refund watcher and refunds that land after they expired (%s)", (kind) => {
  let database: Database;
  let f: EvmPayFixture;
  const logged: { level: number; msg: string; refundId?: string; overRefunded?: string }[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  beforeAll(async () => {
    database = await openTestDb(kind);
    f = await startEvmPayFixture(database);
  }, 90_000);
  afterAll(async () => {
    await f?.stop();
    await database?.close();
  });

  const deps = (nowMs = Date.now()): RefundWatcherDeps => ({ db: database.db, chains: f.deps.chains, log, expiryMs: HOUR, now: () => new Date(nowMs) });
  const init = async (m: { auth: Record<string, string> }, body: Record<string, unknown>) => {
    const res = await callJson(f.app, "POST", "/api/v2/refunds/init", body, m.auth);
    if (res.status !== 201) throw new Error(`init failed: ${JSON.stringify(res.body)}`);
    return res.body.data as RefundInstructionDto;
  };
  const refund = async (id: string) => (await database.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
  const payment = async (id: string) => (await database.db.select().from(transactions).where(eq(transactions.id, id)))[0]!;
  const refundedEvents = async (paymentId: string) =>
    (await database.db.select().from(webhookEvents).where(eq(webhookEvents.transactionId, paymentId))).filter((e) => e.type === "payment.refunded");
  const feasibility = async (m: { auth: Record<string, string> }, paymentId: string) =>
    (await callJson(f.app, "POST", "/api/v2/refunds/feasibility", { paymentId }, m.auth)).body.data as RefundBalanceDto;
  /** A refund started, then failed by the watcher after the expiry: nothing was on chain then. */
  const expiredRefund = async () => {
    const paid = await paidEvmPayment(f, database, A);
    const r = await init(paid.merchant, { paymentId: paid.paymentId });
    await watchRefundsOnce(deps(Date.now() + 2 * HOUR));
    expect((await refund(r.refundId)).status).toBe("failed");
    return { ...paid, r };
  };

  it("confirms an expired refund whose transfer lands later, with the payment's refunded total and payment.refunded", async () => {
    const { merchant, wallet, paymentId, r } = await expiredRefund();
    // Refundable again, with a warning that the expired one may still arrive.
    expect(await feasibility(merchant, paymentId)).toMatchObject({ txAmount: "12500000", mayStillArrive: { amount: "12500000", label: "12.5 USDC" } });

    const hash = await sendEvmRefundBack(f, wallet, r);
    const pass = await watchRefundsOnce(deps(Date.now() + 3 * HOUR));
    expect(pass.lateConfirmed).toBeGreaterThanOrEqual(1);
    expect(await refund(r.refundId)).toMatchObject({ status: "confirmed", signature: hash });
    expect(await payment(paymentId)).toMatchObject({ refundedAmount: 12_500_000n, refundedAt: expect.any(Date) });
    expect(await refundedEvents(paymentId)).toHaveLength(1);
    expect(await feasibility(merchant, paymentId)).toMatchObject({ txAmount: "0", refunded: "12500000", mayStillArrive: null });

    await watchRefundsOnce(deps(Date.now() + 4 * HOUR)); // confirmed once only
    expect(await refundedEvents(paymentId)).toHaveLength(1);
  });

  it("records a double refund when the amount was refunded again meanwhile, and warns", async () => {
    const { merchant, wallet, paymentId, r: first } = await expiredRefund();
    const second = await init(merchant, { paymentId });
    expect(second.mayStillArrive).toEqual({ amount: "12500000", label: "12.5 USDC" }); // warned, not refused
    const { sandbox } = f.chains[A]!;
    await sandbox.mintTokens(wallet.address, sandbox.tokens.USDC, 12_500_000n); // enough in the wallet to refund twice
    await sendEvmRefundBack(f, wallet, second);
    await watchRefundsOnce(deps());
    expect((await refund(second.refundId)).status).toBe("confirmed");

    await sendEvmRefundBack(f, wallet, first); // the first transfer lands after all
    await watchRefundsOnce(deps(Date.now() + 3 * HOUR));
    expect((await refund(first.refundId)).status).toBe("confirmed");
    expect((await payment(paymentId)).refundedAmount).toBe(25_000_000n); // received 12.5 USDC, sent back 25
    expect(await refundedEvents(paymentId)).toHaveLength(2);
    expect(await feasibility(merchant, paymentId)).toMatchObject({ txAmount: "0", refunded: "25000000" });
    expect(logged.find((l) => l.refundId === first.refundId && l.level === 40)).toMatchObject({ overRefunded: "12500000" });
  });

  it("stops looking once the late window is over", async () => {
    const { wallet, paymentId, r } = await expiredRefund();
    await sendEvmRefundBack(f, wallet, r);
    await watchRefundsOnce(deps(Date.now() + LATE_REFUND_WINDOW_MS + 60_000));
    expect((await refund(r.refundId)).status).toBe("failed");
    expect((await payment(paymentId)).refundedAmount).toBe(0n);
    const fresh = await paidEvmPayment(f, database, A);
    const started = await init(fresh.merchant, { paymentId: fresh.paymentId, refundAmount: "1000000" });
    expect(started.mayStillArrive).toBeNull(); // nothing failed before it
  });

  it("searches as far back as it is told: a transfer older than the lookback is not seen, one inside it is", async () => {
    const { wallet, r } = await expiredRefund();
    await sendEvmRefundBack(f, wallet, r);
    await f.mine(A, 40);
    expect(await confirmLateIfOnChain(database.db, f.deps.chains, await refund(r.refundId), new Date(), 20n)).toBeUndefined();
    expect((await refund(r.refundId)).status).toBe("failed");
    expect(await confirmLateIfOnChain(database.db, f.deps.chains, await refund(r.refundId), new Date(), 80n)).toMatchObject({ overRefunded: 0n });
    expect((await refund(r.refundId)).status).toBe("confirmed");
  });

  it("finds a late refund through a node that caps eth_getLogs at 16 blocks (a week of blocks is more than any provider gives at once)", async () => {
    const { wallet, r } = await expiredRefund();
    await sendEvmRefundBack(f, wallet, r);
    await f.mine(A, 40);
    const chain = f.deps.chains.evm.find((c) => c.chainId === A)!;
    const capped = await countingRpcProxy(chain.rpcUrl, { maxLogRange: 16n });
    try {
      const chains = { ...f.deps.chains, evm: f.deps.chains.evm.map((c) => (c.chainId === A ? { ...c, rpcUrl: capped.url } : c)) };
      expect(await confirmLateIfOnChain(database.db, chains, await refund(r.refundId), new Date(), 80n)).toMatchObject({ overRefunded: 0n });
      expect((await refund(r.refundId)).status).toBe("confirmed");
      expect(capped.refusedLogRanges).toBeGreaterThan(0); // it was asked wider first, then read in windows it accepts
    } finally {
      await capped.close();
    }
  });
});

describe("when a late refund is looked for again", () => {
  const started = new Date("2026-11-24T10:00:00Z");
  const later = (ms: number) => new Date(started.getTime() + ms);
  it("backs off with the refund's age, to at most LATE_REFUND_MAX_RECHECK_MS, and forgets refunds no longer late", () => {
    const schedule = new LateRefundSchedule();
    const refund = { id: "r1", createdAt: started };
    expect(schedule.due("r1", later(HOUR))).toBe(true);
    schedule.looked(refund, later(HOUR), 15_000);
    expect(schedule.due("r1", later(HOUR + 5 * 60_000))).toBe(false); // a tenth of an hour is 6 minutes
    expect(schedule.due("r1", later(HOUR + 6 * 60_000))).toBe(true);
    schedule.looked(refund, later(48 * HOUR), 15_000);
    expect(schedule.due("r1", later(48 * HOUR + LATE_REFUND_MAX_RECHECK_MS - 1))).toBe(false);
    expect(schedule.due("r1", later(48 * HOUR + LATE_REFUND_MAX_RECHECK_MS))).toBe(true);
    schedule.keep(new Set());
    expect(schedule.due("r1", later(48 * HOUR))).toBe(true);
  });
});
