/**
 * Refund rules (SPEC §2 Refund dialog, §4, §7 /v2/refunds): pure, no I/O, amounts as bigint base
 * units. What can still be refunded is what was received less every refund that has not failed
 * (requested, sent and confirmed all count, so two refunds started side by side cannot together
 * exceed the payment); a payment becomes refunded once the *confirmed* refunds reach what it
 * received, partially refunded before that.
 */

import type { PaymentStatus } from "@/lib/payment-status";
import { familyOfChain } from "../chains/families";

export const REFUND_STATUSES = ["requested", "sent", "confirmed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Refund statuses whose amount is spoken for: it left, or may still leave, the merchant's wallet. */
export const COUNTED_REFUND_STATUSES: readonly RefundStatus[] = ["requested", "sent", "confirmed"];

/** Which refund status may follow which: confirmed and failed are terminal. */
const NEXT: Record<RefundStatus, readonly RefundStatus[]> = {
  requested: ["sent", "confirmed", "failed"],
  sent: ["confirmed", "failed"],
  confirmed: [],
  failed: [],
};

export function canMoveRefund(from: RefundStatus, to: RefundStatus): boolean {
  return NEXT[from].includes(to);
}

export interface RefundLike {
  amount: bigint;
  status: RefundStatus;
}

/** What is still refundable: received − every refund that counts, never below zero. */
export function availableToRefund(received: bigint, refunds: readonly RefundLike[]): bigint {
  const spoken = refunds.filter((r) => COUNTED_REFUND_STATUSES.includes(r.status)).reduce((sum, r) => sum + r.amount, 0n);
  const left = received - spoken;
  return left > 0n ? left : 0n;
}

/**
 * How long, from its start, a failed EVM refund is still looked for on chain. A signed EVM
 * transaction has no expiry: one stuck in the mempool with too little gas lands whenever the fee
 * market lets it, and a wallet (or anyone holding it) may broadcast it again as long as its nonce
 * is unused. Nodes drop pending transactions after hours (geth: 3 h) and the merchant's next
 * transaction from that wallet takes the nonce, so most die within a day; a week also covers a
 * wallet left closed over a long weekend that re-broadcasts when opened, while keeping the
 * watcher's work bounded (about a thousand lookups per refund). Solana needs no window: a transfer
 * is only valid for ~150 slots (about a minute) after the blockhash it was signed with, far less
 * than the refund expiry, so a Solana refund that expired can no longer land.
 */
export const LATE_REFUND_WINDOW_MS = 7 * 24 * 3_600_000;

/** May this failed refund's transfer still land (so the watcher looks for it, and a new refund is warned)? Where the family says so (EVM), inside the window. */
export function mayStillLand(refund: { status: RefundStatus; chainId: number; createdAt: Date }, now: Date): boolean {
  return (
    refund.status === "failed" && (familyOfChain(refund.chainId)?.refundsMayLandLate ?? false) && now.getTime() - refund.createdAt.getTime() < LATE_REFUND_WINDOW_MS
  );
}

/**
 * Why a refund is refused; the route turns each into its message. sender_refunded: the payment has
 * money left, but not for this destination (it already got back all it sent).
 */
export type RefundRefusal = "not_refundable" | "nothing_left" | "sender_refunded" | "above_available" | "not_positive";

export type RefundCheck = { ok: true; amount: bigint } | { ok: false; reason: RefundRefusal; available: bigint };

/**
 * May a refund of `amount` (the whole available amount when absent) start? Only money that
 * arrived can go back: a payment must be paid or validated; an unmapped transfer (`status`
 * undefined) always arrived. `destinationLimit` is what the chosen destination may still get
 * (refund-senders.ts): a wallet is never refunded more than it sent.
 */
export function checkRefund(args: { status?: PaymentStatus; received: bigint; refunds: readonly RefundLike[]; amount?: bigint; destinationLimit?: bigint }): RefundCheck {
  const left = availableToRefund(args.received, args.refunds);
  if (args.status !== undefined && args.status !== "paid" && args.status !== "validated") return { ok: false, reason: "not_refundable", available: left };
  if (left === 0n) return { ok: false, reason: "nothing_left", available: left };
  const available = args.destinationLimit !== undefined && args.destinationLimit < left ? args.destinationLimit : left;
  if (available <= 0n) return { ok: false, reason: "sender_refunded", available: 0n };
  const amount = args.amount ?? available;
  if (amount <= 0n) return { ok: false, reason: "not_positive", available };
  if (amount > available) return { ok: false, reason: "above_available", available };
  return { ok: true, amount };
}

/** What a confirmed refund does to its payment. */
export interface RefundedPatch {
  refundedAmount: bigint;
  /** Set (once) when the confirmed refunds reach the received amount. */
  refundedAt?: Date;
  /** Fully refunded after this one. */
  full: boolean;
}

/**
 * A refund of `amount` was confirmed on chain: the payment's confirmed total grows by it; it is
 * refunded (refundedAt) when that total reaches what it received, partially refunded before.
 * An already refunded payment keeps its first refundedAt.
 */
export function refundConfirmed(payment: { received: bigint; refundedAmount: bigint; refundedAt: Date | null }, amount: bigint, now: Date): RefundedPatch {
  const refundedAmount = payment.refundedAmount + amount;
  const full = refundedAmount >= payment.received;
  if (!full || payment.refundedAt) return { refundedAmount, full };
  return { refundedAmount, refundedAt: now, full };
}
