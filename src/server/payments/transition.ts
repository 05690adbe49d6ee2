/**
 * The payment state machine (ARCHITECTURE "The payment model"): watchers report facts, this one
 * pure function decides what they mean for a transaction. No I/O, no clock of its own (`now` is
 * given), amounts compared as bigint only.
 *
 * Rules:
 * - `processed` transfers are ignored: nothing is recorded before `confirmed`.
 * - A transfer must name this transaction's chain and reference, and pay the right mint into the
 *   right token account, with the expected memo when one is set. Otherwise it is *rejected*: not
 *   credited, the status is unchanged, and the service logs the fact (`payment_fact_log`).
 * - initiated → paid on a confirmed matching transfer of at least the requested amount;
 *   initiated or paid → validated when that transfer is finalized (initiated → validated at once
 *   emits `payment.paid` then `payment.validated`). Overpayment is accepted with
 *   `amountMismatch: "over"`.
 * - Underpayment (matching transfer, amount below the request, confirmed or finalized): the
 *   transfer is credited to the transaction (the money is accounted for and refundable) and the
 *   transaction fails with reason `underpaid`, `receivedAmount` and `amountMismatch: "under"`.
 *   It never reaches paid: a merchant must not ship on it.
 * - A transfer that failed on chain (`err`) or a `chain-error` fact fails an initiated
 *   transaction (`transaction_failed`).
 * - `expired` fails an initiated transaction once `now` ≥ `expiresAt` (`expired`); a paid one waits
 *   for finalization and never expires.
 * - validated is terminal. failed is terminal once a transfer has been credited to it; a failed
 *   transaction with no credit (expired, or its transaction failed) still takes a later valid
 *   transfer: it moves to paid/validated (`late: true` when it had expired), so a late payment
 *   is recorded, never lost.
 * - A transaction is credited at most once: a second, different transfer is rejected
 *   (`already_credited`); the same transfer again is ignored (idempotent).
 */

export type PaymentStatus = "initiated" | "paid" | "validated" | "failed";
export type Commitment = "processed" | "confirmed" | "finalized";

/** A token transfer a watcher saw for a transaction's reference. */
export interface TransferFact {
  kind: "transfer";
  chainId: number;
  reference: string;
  signature: string;
  /** Index of the transfer instruction (Solana) or log (EVM) inside the transaction. */
  instructionIndex: number;
  payer: string;
  recipientTokenAccount: string;
  /** Mint (Solana) or token contract (EVM). */
  mint: string;
  /** Base units. */
  amount: bigint;
  memo?: string;
  commitment: Commitment;
  /** Set when the transaction failed on chain. */
  err?: string;
}

/** What watchers report. */
export type PaymentFact = TransferFact | { kind: "expired" } | { kind: "chain-error"; signature: string; err: string };

/** What the decision needs to know of a transaction. */
export interface PaymentState {
  status: PaymentStatus;
  chainId: number;
  reference: string;
  /** Expected mint / token contract. */
  tokenAddress: string;
  recipientTokenAccount: string;
  requestedAmount: bigint;
  /** Memo the transfer must carry, when one is expected. */
  memo: string | null;
  expiresAt: Date;
  /** The credited transfer, once there is one. */
  signature: string | null;
  instructionIndex: number | null;
  failureReason: string | null;
  paidAt: Date | null;
}

export type PaymentEventType = "payment.paid" | "payment.validated" | "payment.failed";
export type AmountMismatch = "under" | "over";

/** Why a transaction failed. */
export const FAILURE_REASONS = { expired: "expired", underpaid: "underpaid", transactionFailed: "transaction_failed" } as const;

/** Fields a decision sets on the transaction (absent = unchanged; null = cleared). */
export interface PaymentPatch {
  status?: PaymentStatus;
  payer?: string;
  signature?: string;
  instructionIndex?: number;
  receivedAmount?: bigint;
  amountMismatch?: AmountMismatch | null;
  late?: boolean;
  paidAt?: Date;
  validatedAt?: Date;
  failedAt?: Date | null;
  failureReason?: string | null;
}

export interface Credit {
  chainId: number;
  signature: string;
  instructionIndex: number;
  amount: bigint;
}

/**
 * - applied: the transaction changes (patch, events, maybe a credit).
 * - ignored: nothing to do (duplicate, not confirmed yet, terminal…).
 * - rejected: a transfer that does not pay this transaction; it is logged, not credited.
 */
export type DecisionOutcome = "applied" | "ignored" | "rejected";

export interface Decision {
  /** The status after the fact. */
  status: PaymentStatus;
  patch: PaymentPatch;
  /** Webhook events to emit, in order. */
  events: PaymentEventType[];
  /** The transfer to credit to this transaction (exactly once, by its unique key). */
  credit?: Credit;
  outcome: DecisionOutcome;
  /** Why, for ignored and rejected facts and for failures. */
  reason?: string;
}

const keep = (state: PaymentState, outcome: "ignored" | "rejected", reason: string): Decision => ({
  status: state.status,
  patch: {},
  events: [],
  outcome,
  reason,
});

/** Why a transfer does not pay this transaction, or undefined when it does (amount aside). */
function mismatch(state: PaymentState, fact: TransferFact): string | undefined {
  if (fact.chainId !== state.chainId) return "wrong_chain";
  if (fact.reference !== state.reference) return "wrong_reference";
  if (fact.mint !== state.tokenAddress) return "wrong_mint";
  if (fact.recipientTokenAccount !== state.recipientTokenAccount) return "wrong_recipient";
  if (state.memo !== null && fact.memo !== state.memo) return "memo_mismatch";
  return undefined;
}

function chainError(state: PaymentState, signature: string, now: Date): Decision {
  const credited = state.signature !== null;
  const failsCredited = state.status === "paid" && credited && state.signature === signature;
  if (state.status === "initiated" || failsCredited) {
    const reason = FAILURE_REASONS.transactionFailed;
    return { status: "failed", patch: { status: "failed", failedAt: now, failureReason: reason }, events: ["payment.failed"], outcome: "applied", reason };
  }
  return keep(state, "ignored", state.status === "validated" ? "terminal" : credited ? "not_the_credited_transfer" : "already_failed");
}

function transfer(state: PaymentState, fact: TransferFact, now: Date): Decision {
  if (fact.commitment === "processed") return keep(state, "ignored", "not_confirmed");
  if (fact.err !== undefined) return chainError(state, fact.signature, now);
  const sameTransfer = state.signature === fact.signature && state.instructionIndex === fact.instructionIndex;
  if (state.signature !== null && !sameTransfer) return keep(state, "rejected", "already_credited");
  if (state.status === "validated") return keep(state, "ignored", "terminal");
  if (sameTransfer && state.status === "failed") return keep(state, "ignored", "terminal");
  if (sameTransfer && fact.commitment === "confirmed") return keep(state, "ignored", "duplicate");

  const wrong = mismatch(state, fact);
  if (wrong) return keep(state, "rejected", wrong);

  const received: PaymentPatch = {
    payer: fact.payer,
    signature: fact.signature,
    instructionIndex: fact.instructionIndex,
    receivedAmount: fact.amount,
    amountMismatch: fact.amount < state.requestedAmount ? "under" : fact.amount > state.requestedAmount ? "over" : null,
  };
  // Only a new transfer is credited; the credited one coming back finalized just validates.
  const credit: Credit | undefined = sameTransfer
    ? undefined
    : { chainId: fact.chainId, signature: fact.signature, instructionIndex: fact.instructionIndex, amount: fact.amount };
  const late = state.status === "failed" && state.failureReason === FAILURE_REASONS.expired;

  if (fact.amount < state.requestedAmount) {
    return {
      status: "failed",
      patch: { ...received, status: "failed", failedAt: now, failureReason: FAILURE_REASONS.underpaid, ...(late ? { late } : {}) },
      events: ["payment.failed"],
      credit,
      outcome: "applied",
      reason: FAILURE_REASONS.underpaid,
    };
  }

  const revive: PaymentPatch = state.status === "failed" ? { failedAt: null, failureReason: null, ...(late ? { late } : {}) } : {};
  const paidAt = state.paidAt ?? now;
  if (fact.commitment === "confirmed") {
    return { status: "paid", patch: { ...received, ...revive, status: "paid", paidAt }, events: ["payment.paid"], credit, outcome: "applied" };
  }
  const events: PaymentEventType[] = state.status === "paid" ? ["payment.validated"] : ["payment.paid", "payment.validated"];
  return {
    status: "validated",
    patch: { ...received, ...revive, status: "validated", paidAt, validatedAt: now },
    events,
    credit,
    outcome: "applied",
  };
}

/** Decides what a fact means for a transaction. Pure: same input, same decision. */
export function decide(state: PaymentState, fact: PaymentFact, now: Date): Decision {
  switch (fact.kind) {
    case "transfer":
      return transfer(state, fact, now);
    case "chain-error":
      return chainError(state, fact.signature, now);
    case "expired":
      if (state.status !== "initiated") return keep(state, "ignored", state.status === "paid" ? "awaiting_finalization" : "terminal");
      if (now.getTime() < state.expiresAt.getTime()) return keep(state, "ignored", "not_expired");
      return {
        status: "failed",
        patch: { status: "failed", failedAt: now, failureReason: FAILURE_REASONS.expired },
        events: ["payment.failed"],
        outcome: "applied",
        reason: FAILURE_REASONS.expired,
      };
  }
}

/** The state after a decision (what the service writes, for callers and tests that fold facts). */
export function applyDecision<S extends PaymentState>(state: S, decision: Decision): S {
  const next = { ...state };
  const p = decision.patch;
  if (p.status !== undefined) next.status = p.status;
  if (p.signature !== undefined) next.signature = p.signature;
  if (p.instructionIndex !== undefined) next.instructionIndex = p.instructionIndex;
  if (p.failureReason !== undefined) next.failureReason = p.failureReason;
  if (p.paidAt !== undefined) next.paidAt = p.paidAt;
  return next;
}
