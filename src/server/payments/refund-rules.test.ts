import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LATE_REFUND_WINDOW_MS, REFUND_STATUSES, availableToRefund, canMoveRefund, checkRefund, mayStillLand, refundConfirmed, type RefundLike, type RefundStatus } from "./refund-rules";

const NOW = new Date("2026-11-02T10:10:00.000Z");
const EARLIER = new Date("2026-11-01T10:10:00.000Z");
const RECEIVED = 12_500_000n;
const r = (amount: bigint, status: RefundStatus = "requested"): RefundLike => ({ amount, status });

describe("refund status transitions", () => {
  it.each<[RefundStatus, RefundStatus, boolean]>([
    ["requested", "sent", true],
    ["requested", "confirmed", true],
    ["requested", "failed", true],
    ["sent", "confirmed", true],
    ["sent", "failed", true],
    ["sent", "requested", false],
    ["confirmed", "failed", false],
    ["confirmed", "sent", false],
    ["failed", "confirmed", false],
    ["failed", "requested", false],
    ["requested", "requested", false],
  ])("%s → %s allowed: %s", (from, to, allowed) => {
    expect(canMoveRefund(from, to)).toBe(allowed);
  });
});

describe("what can still be refunded", () => {
  it.each<[string, RefundLike[], bigint]>([
    ["nothing refunded yet", [], RECEIVED],
    ["a requested refund counts", [r(2_500_000n)], 10_000_000n],
    ["a sent refund counts", [r(2_500_000n, "sent")], 10_000_000n],
    ["a confirmed refund counts", [r(2_500_000n, "confirmed")], 10_000_000n],
    ["a failed refund gives its amount back", [r(2_500_000n, "failed")], RECEIVED],
    ["several add up", [r(2_000_000n, "confirmed"), r(500_000n), r(1n, "failed")], 10_000_000n],
    ["all of it", [r(RECEIVED, "confirmed")], 0n],
    ["never below zero", [r(RECEIVED + 1n, "confirmed")], 0n],
  ])("%s", (_, refunds, left) => {
    expect(availableToRefund(RECEIVED, refunds)).toBe(left);
  });

  it("refunds started one after another never exceed what was received", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: RECEIVED }), { maxLength: 12 }), (asks) => {
        const refunds: RefundLike[] = [];
        for (const amount of asks) {
          const check = checkRefund({ status: "validated", received: RECEIVED, refunds, amount });
          if (check.ok) refunds.push(r(check.amount));
        }
        expect(refunds.reduce((s, x) => s + x.amount, 0n) <= RECEIVED).toBe(true);
      }),
    );
  });
});

describe("may a refund start", () => {
  it.each<[string, Parameters<typeof checkRefund>[0], ReturnType<typeof checkRefund>]>([
    ["a full refund of a validated payment", { status: "validated", received: RECEIVED, refunds: [] }, { ok: true, amount: RECEIVED }],
    ["a full refund of a paid payment", { status: "paid", received: RECEIVED, refunds: [] }, { ok: true, amount: RECEIVED }],
    ["a partial refund", { status: "validated", received: RECEIVED, refunds: [], amount: 1n }, { ok: true, amount: 1n }],
    ["the rest after a partial one", { status: "validated", received: RECEIVED, refunds: [r(2_500_000n)] }, { ok: true, amount: 10_000_000n }],
    ["an unmapped transfer (no status)", { received: 5n, refunds: [] }, { ok: true, amount: 5n }],
    ["an initiated payment", { status: "initiated", received: 0n, refunds: [] }, { ok: false, reason: "not_refundable", available: 0n }],
    ["a failed payment", { status: "failed", received: RECEIVED, refunds: [] }, { ok: false, reason: "not_refundable", available: RECEIVED }],
    ["nothing left", { status: "validated", received: RECEIVED, refunds: [r(RECEIVED)] }, { ok: false, reason: "nothing_left", available: 0n }],
    ["above what is left", { status: "validated", received: RECEIVED, refunds: [r(2_500_000n)], amount: 10_000_001n }, { ok: false, reason: "above_available", available: 10_000_000n }],
    ["zero", { status: "validated", received: RECEIVED, refunds: [], amount: 0n }, { ok: false, reason: "not_positive", available: RECEIVED }],
    ["all a destination may get", { status: "validated", received: RECEIVED, refunds: [], destinationLimit: 5_000_000n }, { ok: true, amount: 5_000_000n }],
    ["above what a destination sent", { status: "validated", received: RECEIVED, refunds: [], amount: 5_000_001n, destinationLimit: 5_000_000n }, { ok: false, reason: "above_available", available: 5_000_000n }],
    ["a destination's limit above what the payment has left", { status: "validated", received: RECEIVED, refunds: [r(10_000_000n)], destinationLimit: RECEIVED }, { ok: true, amount: 2_500_000n }],
    ["a destination that got all it sent back", { status: "validated", received: RECEIVED, refunds: [r(1n)], destinationLimit: 0n }, { ok: false, reason: "sender_refunded", available: 0n }],
  ])("%s", (_, input, expected) => {
    expect(checkRefund(input)).toEqual(expected);
  });
});

describe("a confirmed refund and its payment", () => {
  it.each<[string, { received: bigint; refundedAmount: bigint; refundedAt: Date | null }, bigint, ReturnType<typeof refundConfirmed>]>([
    ["partially refunded", { received: RECEIVED, refundedAmount: 0n, refundedAt: null }, 2_500_000n, { refundedAmount: 2_500_000n, full: false }],
    ["fully refunded at once", { received: RECEIVED, refundedAmount: 0n, refundedAt: null }, RECEIVED, { refundedAmount: RECEIVED, refundedAt: NOW, full: true }],
    ["fully refunded by the last part", { received: RECEIVED, refundedAmount: 10_000_000n, refundedAt: null }, 2_500_000n, { refundedAmount: RECEIVED, refundedAt: NOW, full: true }],
    ["already refunded keeps its first time", { received: RECEIVED, refundedAmount: RECEIVED, refundedAt: EARLIER }, 1n, { refundedAmount: RECEIVED + 1n, full: true }],
  ])("%s", (_, payment, amount, expected) => {
    expect(refundConfirmed(payment, amount, NOW)).toEqual(expected);
  });

  it("every status is named", () => {
    expect(REFUND_STATUSES).toEqual(["requested", "sent", "confirmed", "failed"]);
  });
});

describe("a failed refund that may still land", () => {
  const failed = (chainId: number, startedMsAgo: number) => ({ status: "failed" as const, chainId, createdAt: new Date(NOW.getTime() - startedMsAgo) });
  it.each<[string, { status: RefundStatus; chainId: number; createdAt: Date }, boolean]>([
    ["an EVM refund that failed a day ago", failed(8453, 24 * 3_600_000), true],
    ["an EVM refund just inside the window", failed(8453, LATE_REFUND_WINDOW_MS - 1), true],
    ["an EVM refund older than the window", failed(8453, LATE_REFUND_WINDOW_MS), false],
    ["a Solana refund: its transfer died with its blockhash", failed(-5000, 3_600_000), false],
    ["a refund still open", { ...failed(8453, 3_600_000), status: "sent" }, false],
  ])("%s: %s", (_, refund, may) => {
    expect(mayStillLand(refund, NOW)).toBe(may);
  });
});
