import { familyNameOf, familyOfChain } from "../chains/families";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { merchantWallets, paymentCredits, refunds, retiredRoutes, transactions, unmappedTransfers, type RefundRow, type TransactionRow } from "../db/schema";
import { refundLabel } from "@/lib/refund";
import { toTransactionEventData } from "./dto";
import { insertWebhookEvents } from "./outbox";
import { availableToRefund, canMoveRefund, checkRefund, refundConfirmed, type RefundRefusal } from "./refund-rules";
import { pickSender, refundSenders, type RefundSender, type SenderCredit } from "./refund-senders";

/** What is refunded: a payment (transaction id) or an unmapped transfer, of one merchant. */
export type RefundSubject = { userId: string; paymentId: string } | { userId: string; unmappedId: string };

/** A wallet whose money the payment received, as a refund's destination: with its token account the money goes back to. */
export interface RefundDestination extends RefundSender {
  tokenAccount: string;
}

/** Everything a refund needs to know about the money it sends back. */
export interface Refundable {
  kind: "payment" | "unmapped";
  id: string;
  chainId: number;
  token: string;
  tokenAddress: string;
  decimals: number;
  /** What arrived, base units. */
  received: bigint;
  /** The merchant's token account it arrived in (and leaves from). */
  merchantTokenAccount: string;
  /** The merchant's wallet (owner of that account), when known. */
  merchantOwner: string | null;
  /**
   * The wallets whose money arrived, each with what may still go back to it; the default
   * destination (the one that sent the most) first. Empty when no sender is known.
   */
  senders: RefundDestination[];
  /** Refunds so far (failed ones included; they do not count). */
  refunds: RefundRow[];
  status?: TransactionRow["status"];
  /**
   * EVM, non-custodial merchants: the money arrived in the merchant's route contract
   * (`merchantTokenAccount` is the route), so it goes back through the route's `refund`, called
   * by `owner` (the merchant's wallet). Null when it arrived in a wallet.
   */
  route: { address: string; owner: string } | null;
}

export class RefundError extends Error {
  constructor(
    readonly reason: RefundRefusal | "not_found" | "no_payer" | "not_a_sender",
    readonly available: bigint = 0n,
    /** What is still refundable as the merchant reads it ("10 USDC"). */
    readonly availableLabel = "",
  ) {
    super(reason);
    this.name = "RefundError";
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The merchant's own route at `address` on an EVM chain (and the wallet that owns it), when that
 * address is one: only a route the merchant attached counts, never another merchant's. A route of
 * a wallet the merchant since replaced still counts (its payments' money is there, and only its
 * owner, the old wallet, can send it back).
 */
export async function findOwnRoute(tx: Tx | Db, userId: string, chainId: number, address: string): Promise<{ address: string; owner: string } | null> {
  if (!familyOfChain(chainId)?.routeContracts || !address) return null;
  const [row] = await tx
    .select({ address: merchantWallets.address, route: merchantWallets.routeAddress })
    .from(merchantWallets)
    .where(and(eq(merchantWallets.userId, userId), eq(merchantWallets.family, familyNameOf(chainId)), sql`lower(${merchantWallets.routeAddress}) = ${address.toLowerCase()}`))
    .limit(1);
  if (row?.route) return { address: row.route, owner: row.address };
  const [earlier] = await tx
    .select({ address: retiredRoutes.ownerAddress, route: retiredRoutes.routeAddress })
    .from(retiredRoutes)
    .where(and(eq(retiredRoutes.userId, userId), eq(retiredRoutes.chainId, chainId), sql`lower(${retiredRoutes.routeAddress}) = ${address.toLowerCase()}`))
    .limit(1);
  return earlier ? { address: earlier.route, owner: earlier.address } : null;
}

/** The route a refundable's money sits in, with the merchant's wallet as the one that calls it. */
async function withRoute(tx: Tx | Db, userId: string, r: Omit<Refundable, "route">): Promise<Refundable> {
  const route = await findOwnRoute(tx, userId, r.chainId, r.merchantTokenAccount);
  return { ...r, route, ...(route && { merchantOwner: route.owner }) };
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** The payer's account for a mint, as its family says: on Solana its associated token account; on EVM the payer itself. */
function payerAccount(chainId: number, owner: string, mint: string): string {
  return familyOfChain(chainId)?.tokenAccountFor?.(owner, mint) ?? owner;
}

/**
 * Loads what a merchant may refund, locking the payment or unmapped row (`FOR UPDATE`) when
 * `lock`: two refunds started at once then run one after the other, and the second sees the
 * first. Another merchant's payment is not found (the same answer as a missing one). A payment's
 * senders are the owners of its clean (not held) credits: the dust a stranger sent with the
 * reference is its own sender's, and never decides where the payer's money goes.
 * @throws {RefundError} not_found, no_payer.
 */
export async function loadRefundable(tx: Tx | Db, subject: RefundSubject, lock = false): Promise<Refundable> {
  if ("paymentId" in subject) {
    if (!isUuid(subject.paymentId)) throw new RefundError("not_found");
    const query = tx.select().from(transactions).where(and(eq(transactions.id, subject.paymentId), eq(transactions.userId, subject.userId)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw new RefundError("not_found");
    const credited = await tx
      .select({ payer: paymentCredits.payer, sourceOwner: paymentCredits.sourceOwner, amount: paymentCredits.amount })
      .from(paymentCredits)
      .where(and(eq(paymentCredits.transactionId, row.id), eq(paymentCredits.held, false)))
      .orderBy(asc(paymentCredits.createdAt), asc(paymentCredits.id));
    // The owner of the money (a delegate may have signed); a payment with no credit kept names its payer only.
    const credits: SenderCredit[] = credited.flatMap((c) => {
      const owner = c.sourceOwner ?? c.payer;
      return owner ? [{ owner, amount: c.amount }] : [];
    });
    if (credits.length === 0 && row.payer) credits.push({ owner: row.payer, amount: row.receivedAmount ?? 0n });
    if (credits.length === 0 && (row.status === "paid" || row.status === "validated")) throw new RefundError("no_payer");
    const own = await tx.select().from(refunds).where(eq(refunds.transactionId, row.id));
    const senders = destinations(row.chainId, credits, own, row.receivedAmount ?? 0n, (owner) => payerAccount(row.chainId, owner, row.tokenAddress));
    return withRoute(tx, subject.userId, refundableOf(row, senders, own));
  }
  if (!isUuid(subject.unmappedId)) throw new RefundError("not_found");
  const query = tx.select().from(unmappedTransfers).where(and(eq(unmappedTransfers.id, subject.unmappedId), eq(unmappedTransfers.userId, subject.userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new RefundError("not_found");
  const own = await tx.select().from(refunds).where(eq(refunds.unmappedId, row.id));
  // The unmapped transfer's token is the merchant's receiving mint: its decimals and symbol come from a payment to the same account.
  const [sibling] = await tx
    .select({ token: transactions.token, decimals: transactions.decimals, recipient: transactions.recipient })
    .from(transactions)
    .where(and(eq(transactions.recipientTokenAccount, row.recipientTokenAccount), eq(transactions.tokenAddress, row.tokenAddress)))
    .limit(1);
  return withRoute(tx, subject.userId, {
    kind: "unmapped",
    id: row.id,
    chainId: row.chainId,
    token: sibling?.token ?? "",
    tokenAddress: row.tokenAddress,
    decimals: sibling?.decimals ?? 6,
    received: row.amount,
    merchantTokenAccount: row.recipientTokenAccount,
    // Where the family has no token accounts (EVM) the receiving account is the merchant's wallet itself.
    merchantOwner: sibling?.recipient ?? (familyOfChain(row.chainId)?.tokenAccountFor ? null : row.recipientTokenAccount),
    // One transfer, one sender: its money goes back to the account it left.
    senders: destinations(row.chainId, [{ owner: row.payer, amount: row.amount }], own, row.amount, () => row.source),
    refunds: own,
  });
}

/** The senders of `credits` with what each may still get back, and the token account it gets it in. */
function destinations(chainId: number, credits: SenderCredit[], own: RefundRow[], received: bigint, accountOf: (owner: string) => string): RefundDestination[] {
  return refundSenders(chainId, credits, own, availableToRefund(received, own)).map((s) => ({ ...s, tokenAccount: accountOf(s.owner) }));
}

function refundableOf(row: TransactionRow, senders: RefundDestination[], own: RefundRow[]): Omit<Refundable, "route"> {
  return {
    kind: "payment",
    id: row.id,
    chainId: row.chainId,
    token: row.token,
    tokenAddress: row.tokenAddress,
    decimals: row.decimals,
    received: row.receivedAmount ?? 0n,
    merchantTokenAccount: row.recipientTokenAccount,
    merchantOwner: row.recipient,
    senders,
    refunds: own,
    status: row.status,
  };
}

/** What is still refundable of a payment or unmapped transfer. */
export const refundableAmount = (r: Refundable) => availableToRefund(r.received, r.refunds);

/** A fresh reference the transfer back carries, in its family's form (a Solana public key; an 8-byte hex reference on EVM). */
function newRefundReference(chainId: number): string {
  const family = familyOfChain(chainId);
  if (!family) throw new Error(`no chain family knows chain ${chainId}`);
  return family.newReference();
}

/**
 * Starts a refund (`requested`) of `amount` base units to the sender `to` (the default destination
 * when absent), at most what that sender may still get; the whole of it when `amount` is absent.
 * The payment row is locked for the check and the insert, so two refunds started at once cannot
 * both pass.
 * @throws {RefundError} not_found, no_payer, not_a_sender, not_refundable, nothing_left, sender_refunded, above_available, not_positive.
 */
export async function startRefund(db: Db, subject: RefundSubject, amount?: bigint, to?: string): Promise<{ refund: RefundRow; refundable: Refundable }> {
  return db.transaction(async (tx) => {
    const refundable = await loadRefundable(tx, subject, true);
    const destination = pickSender(refundable.chainId, refundable.senders, to);
    if (to !== undefined && !destination) throw new RefundError("not_a_sender");
    const check = checkRefund({ status: refundable.status, received: refundable.received, refunds: refundable.refunds, amount, destinationLimit: destination?.available });
    if (!check.ok) throw new RefundError(check.reason, check.available, refundLabel(check.available, refundable.decimals, refundable.token));
    if (!destination) throw new RefundError("no_payer");
    const [refund] = await tx
      .insert(refunds)
      .values({
        userId: subject.userId,
        transactionId: refundable.kind === "payment" ? refundable.id : null,
        unmappedId: refundable.kind === "unmapped" ? refundable.id : null,
        chainId: refundable.chainId,
        tokenAddress: refundable.tokenAddress,
        decimals: refundable.decimals,
        amount: check.amount,
        sourceTokenAccount: refundable.merchantTokenAccount,
        destinationOwner: destination.owner,
        destinationTokenAccount: destination.tokenAccount,
        reference: newRefundReference(refundable.chainId),
      })
      .returning();
    return { refund: refund!, refundable };
  });
}

/** A merchant's own refund, or undefined. */
export async function findOwnRefund(db: Db, userId: string, refundId: string): Promise<RefundRow | undefined> {
  if (!isUuid(refundId)) return undefined;
  const [row] = await db.select().from(refunds).where(and(eq(refunds.id, refundId), eq(refunds.userId, userId)));
  return row;
}

/** The merchant's wallet says it sent the refund: remember the signature until the chain confirms it. */
export async function markRefundSent(db: Db, refund: RefundRow, signature: string): Promise<void> {
  if (!canMoveRefund(refund.status, "sent")) return;
  await db.update(refunds).set({ status: "sent", signature }).where(and(eq(refunds.id, refund.id), eq(refunds.status, "requested")));
}

/**
 * The transfer back was seen on chain: the refund is confirmed, its payment's refunded total grows
 * (refunded once it reaches what was received) and `payment.refunded` goes to the outbox, all in
 * one database transaction. Confirming twice changes nothing. Answers the webhook event ids to deliver.
 */
export async function confirmRefund(db: Db, refundId: string, signature: string, now: Date): Promise<string[]> {
  return (await confirmWhen(db, refundId, signature, now, (status) => canMoveRefund(status, "confirmed")))?.eventIds ?? [];
}

/** What confirming a refund that had failed did. */
export interface LateConfirmation {
  eventIds: string[];
  /** How much more than was received the confirmed refunds now send back (0n when within it). */
  overRefunded: bigint;
}

/**
 * A refund that had failed (expired, or the browser said its wallet refused) whose transfer
 * landed after all: the chain has the last word, so it is confirmed like any other, even when its
 * amount was refunded again meanwhile: the payment's refunded total then exceeds what it received
 * (`overRefunded`), which is what happened. Answers undefined when the refund is not failed.
 */
export async function confirmLateRefund(db: Db, refundId: string, signature: string, now: Date): Promise<LateConfirmation | undefined> {
  const done = await confirmWhen(db, refundId, signature, now, (status) => status === "failed");
  if (!done) return undefined;
  const over = done.refundedTotal - done.received;
  return { eventIds: done.eventIds, overRefunded: over > 0n ? over : 0n };
}

/** Confirms the refund (locked) when `may(status)`, with its payment's totals and `payment.refunded`; undefined when it may not. */
async function confirmWhen(
  db: Db,
  refundId: string,
  signature: string,
  now: Date,
  may: (status: RefundRow["status"]) => boolean,
): Promise<{ eventIds: string[]; refundedTotal: bigint; received: bigint } | undefined> {
  return db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!refund || !may(refund.status)) return undefined;
    await tx.update(refunds).set({ status: "confirmed", signature, confirmedAt: now }).where(eq(refunds.id, refund.id));
    const amount = (value: bigint, token: string) => ({ value: value.toString(), decimals: refund.decimals, currency: token });
    let transaction: TransactionRow | undefined;
    let full = false;
    let refundedTotal = refund.amount;
    let received = refund.amount;
    let token = "";
    if (refund.transactionId) {
      const [row] = await tx.select().from(transactions).where(eq(transactions.id, refund.transactionId)).for("update");
      if (row) {
        received = row.receivedAmount ?? 0n;
        const patch = refundConfirmed({ received, refundedAmount: row.refundedAmount, refundedAt: row.refundedAt }, refund.amount, now);
        [transaction] = await tx
          .update(transactions)
          .set({ refundedAmount: patch.refundedAmount, ...(patch.refundedAt ? { refundedAt: patch.refundedAt } : {}), updatedAt: now })
          .where(eq(transactions.id, row.id))
          .returning();
        full = patch.full;
        refundedTotal = patch.refundedAmount;
        token = row.token;
      }
    } else if (refund.unmappedId) {
      const [row] = await tx.select().from(unmappedTransfers).where(eq(unmappedTransfers.id, refund.unmappedId));
      const done = await tx.select().from(refunds).where(and(eq(refunds.unmappedId, refund.unmappedId), eq(refunds.status, "confirmed")));
      refundedTotal = done.reduce((s, r) => s + r.amount, 0n);
      received = row?.amount ?? refundedTotal;
      full = row ? refundedTotal >= row.amount : false;
    }
    const eventIds = await insertWebhookEvents(tx, {
      userId: refund.userId,
      transactionId: refund.transactionId,
      now,
      events: [
        {
          type: "payment.refunded",
          data: {
            transaction: transaction ? toTransactionEventData(transaction) : null,
            unmappedId: refund.unmappedId,
            refund: { _id: refund.id, amount: amount(refund.amount, token), hash: signature, to: refund.destinationOwner, full },
            refundedAmount: amount(refundedTotal, token),
          },
        },
      ],
    });
    return { eventIds, refundedTotal, received };
  });
}

/** Refunds waiting for their transfer back to be seen (requested or sent), oldest first. */
export async function listOpenRefunds(db: Db, chainId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.chainId, chainId), inArray(refunds.status, ["requested", "sent"])))
    .orderBy(asc(refunds.createdAt));
}

/**
 * Refunds of a chain whose transfers may land late (EVM) that failed but were started after `since`: their transfer may still
 * land (see LATE_REFUND_WINDOW_MS), so the refund watcher keeps looking for them. Oldest first.
 */
export async function listLateRefunds(db: Db, chainId: number, since: Date): Promise<RefundRow[]> {
  // A Solana transfer cannot outlive its blockhash; an EVM one may be mined long after.
  if (!familyOfChain(chainId)?.refundsMayLandLate) return [];
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.chainId, chainId), eq(refunds.status, "failed"), gte(refunds.createdAt, since)))
    .orderBy(asc(refunds.createdAt));
}

/**
 * A refund the merchant started but whose wallet never said it sent anything (still `requested`)
 * and that was started before `startedBefore` fails: its amount becomes refundable again. A
 * refund the wallet reported (`sent`) is never expired: its money may be on its way. Answers
 * whether this call expired it (false when it moved meanwhile).
 */
export async function expireRefund(db: Db, refundId: string, startedBefore: Date): Promise<boolean> {
  const done = await db
    .update(refunds)
    .set({ status: "failed" })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "requested"), lt(refunds.createdAt, startedBefore)))
    .returning({ id: refunds.id });
  return done.length === 1;
}

/** The merchant's wallet refused to sign: a refund nothing was sent for fails, and its amount is refundable again. */
export async function cancelRefund(db: Db, refund: RefundRow): Promise<boolean> {
  if (refund.status !== "requested") return false;
  const done = await db.update(refunds).set({ status: "failed" }).where(and(eq(refunds.id, refund.id), eq(refunds.status, "requested"))).returning({ id: refunds.id });
  return done.length === 1;
}
