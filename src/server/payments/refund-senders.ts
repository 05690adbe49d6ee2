/**
 * Who a payment's money may go back to, and how much each may get (ARCHITECTURE "Money and
 * trust": a refund goes to the wallet whose money paid, never to whoever sent first). Pure, no I/O.
 *
 * Anyone who reads a payment's reference (an EVM mempool front-run, a Solana Pay QR at a counter)
 * can send it dust before the payer; the watcher rightly credits it (money that arrived is never
 * lost). So a payment may have several senders. Each one may be refunded at most what it sent,
 * less what was already refunded to it; the default destination is the wallet that sent the most
 * (the payer whose money covered the amount), never the first one seen.
 */

import { COUNTED_REFUND_STATUSES, type RefundLike } from "./refund-rules";
import { familyOfChain } from "../chains/families";

/** One wallet whose money the payment received. */
export interface RefundSender {
  /** The wallet that owned the money (the token account's owner; the signer when the chain does not say). */
  owner: string;
  /** What its credited transfers add up to, base units. */
  sent: bigint;
  /** What may still be refunded to it: sent less its counted refunds, never more than the payment has left. */
  available: bigint;
}

/** A credited transfer, by the wallet whose money it was. */
export interface SenderCredit {
  owner: string;
  amount: bigint;
}

/** A refund and the wallet it went (or goes) to. */
export interface DestinedRefund extends RefundLike {
  destinationOwner: string;
}

/** Two spellings are one wallet as the chain's family compares them: EVM whatever their case (checksum spelling); Solana keys exactly. */
export function sameWallet(chainId: number, a: string, b: string): boolean {
  return familyOfChain(chainId)?.caseInsensitiveAddresses ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/**
 * The payment's senders, the default destination first: most sent first, and among equal sums the
 * one whose money arrived first (`credits` are in arrival order). `left` is what the payment as a
 * whole may still refund (availableToRefund); each sender's available is capped by it.
 */
export function refundSenders(chainId: number, credits: readonly SenderCredit[], refunds: readonly DestinedRefund[], left: bigint): RefundSender[] {
  const senders: { owner: string; sent: bigint }[] = [];
  for (const credit of credits) {
    const known = senders.find((s) => sameWallet(chainId, s.owner, credit.owner));
    if (known) known.sent += credit.amount;
    else senders.push({ owner: credit.owner, sent: credit.amount });
  }
  const counted = refunds.filter((r) => COUNTED_REFUND_STATUSES.includes(r.status));
  return senders
    .map((s, arrival) => {
      const refunded = counted.filter((r) => sameWallet(chainId, r.destinationOwner, s.owner)).reduce((sum, r) => sum + r.amount, 0n);
      const own = s.sent - refunded;
      const available = own <= 0n ? 0n : own < left ? own : left;
      return { sender: { owner: s.owner, sent: s.sent, available }, arrival };
    })
    .sort((a, b) => (a.sender.sent === b.sender.sent ? a.arrival - b.arrival : a.sender.sent > b.sender.sent ? -1 : 1))
    .map((x) => x.sender);
}

/** The sender a refund goes to: the one named by `to` (undefined when it sent nothing), or the default. */
export function pickSender<S extends RefundSender>(chainId: number, senders: readonly S[], to?: string): S | undefined {
  if (to === undefined) return senders[0];
  return senders.find((s) => sameWallet(chainId, s.owner, to));
}
