/**
 * The payment state machine (docs/architecture.md "The payment model"): watchers report facts,
 * this one pure function decides what they mean for a transaction. No I/O, no clock of its own
 * (`now` is given), amounts compared as bigint only.
 *
 * Money is summed, never "first transfer wins": every confirmed transfer that pays this
 * transaction (right chain, reference, mint, recipient token account, memo, money really arrived)
 * is credited to it, exactly once, and the status follows from the credits:
 * - paid when the clean credits (confirmed or finalized) reach the requested amount;
 * - validated when the clean *finalized* credits reach it;
 * - below it the transaction waits (still `initiated`, `receivedAmount` shows what came) until it
 *   expires, and then fails `underpaid` (something came) or `expired` (nothing came).
 * So a third party who sends dust with someone's reference only adds to the payment: the payer's
 * full transfer still completes it (`amountMismatch: "over"`).
 *
 * Screening: a transfer any of whose parties (authority, source owner, the transaction's signers
 * and fee payer) is sanctioned is credited as *held*: recorded exactly once, never counted. A
 * transaction not yet paid fails `sanctioned` (terminal) and the merchant gets `payment.held` (and
 * `payment.failed`); one already paid by clean money keeps its status and the merchant still gets
 * `payment.held`.
 *
 * Other rules:
 * - `processed` transfers are ignored: nothing is recorded before `confirmed`.
 * - A transfer that does not pay this transaction is *rejected* (logged by the service, status
 *   unchanged): wrong chain, reference, mint, recipient, memo; a self-transfer (source is the
 *   recipient); a zero amount; or a recipient balance that did not grow by the amount. A transfer
 *   the merchant mapped by hand (`mappedByMerchant`) is exempt from the reference and memo checks.
 * - A transfer that failed on chain (`err`) or a `chain-error` fact fails an initiated
 *   transaction with nothing credited (`transaction_failed`).
 * - `expired` fails an initiated transaction once `now` ≥ `expiresAt`; a paid one never expires
 *   but fails `not_finalized` on a `finality-timeout` fact once `now` ≥ paidAt + timeout (a
 *   confirmed transfer a fork dropped must not stay paid forever).
 * - validated is terminal, and so is failed `sanctioned`. Any other failed transaction is revived
 *   when clean money later covers it (late payment: `late: true` after expiry), so nothing that
 *   arrives is lost.
 * - `payment.paid` is emitted once per transaction (never again after a revival), `payment.validated` once.
 * - Reorgs (EVM): a credited transfer that a chain reorganization removed before it was final
 *   (`transfer-removed`) is withdrawn. A paid transaction the rest no longer covers goes back to
 *   `initiated` with `failureReason: "transfer_removed"` (it says so; a later payment clears it)
 *   and the merchant gets `payment.reverted`; `paidAt` is cleared, so paying again sends
 *   `payment.paid` again. A finalized credit is never withdrawn, and validated stays validated.
 */

import type { PaymentStatus } from "@/lib/payment-status";

export { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/payment-status";
export type Commitment = "processed" | "confirmed" | "finalized";

/** A token transfer a watcher saw for a transaction's reference. */
export interface TransferFact {
  kind: "transfer";
  chainId: number;
  reference: string;
  signature: string;
  /** Index of the outer instruction (Solana) or log (EVM) inside the transaction. */
  instructionIndex: number;
  /** Index inside the outer instruction for an inner (CPI) transfer; absent or -1 for a top-level one. */
  innerIndex?: number;
  /** The wallet that signed the transfer (its authority). */
  payer: string;
  /** The owner of the source token account, when known (differs from `payer` for a delegate). */
  sourceOwner?: string;
  /** The token account the money left. */
  source?: string;
  recipientTokenAccount: string;
  /** Mint (Solana) or token contract (EVM). */
  mint: string;
  /** Base units. */
  amount: bigint;
  /** When the chain says the transaction landed, when it says (the credit-lag metric; no rule reads it). */
  blockTime?: Date;
  /**
   * How much the recipient's balance grew through this transfer, from the chain's own balances
   * (the transaction's balance change less its other transfers to the same account). Absent when
   * the chain does not say.
   */
  recipientBalanceDelta?: bigint;
  /**
   * The other wallets that moved the money, as the chain family's facts code decides: the
   * transaction's signer (EVM `tx.from`) or every signer and the fee payer (Solana). A listed wallet
   * that pays through a contract it deploys, or signs and funds a clean account's transfer, is one of
   * them though the transfer names someone else.
   */
  parties?: string[];
  /** Set by the service after screening every party (`payer`, `sourceOwner`, `parties`) against the sanctions list. */
  payerSanctioned?: boolean;
  memo?: string;
  commitment: Commitment;
  /** Set when the transaction failed on chain. */
  err?: string;
  /**
   * The merchant matched this transfer to the transaction by hand (an unmapped inflow, found by the
   * receiving-account scan, carries no usable reference or memo): the reference and memo checks are
   * waived, every other check (chain, mint, recipient, amount, screening) still applies.
   */
  mappedByMerchant?: boolean;
}

/** What watchers (and sweeps) report. */
export type PaymentFact =
  | TransferFact
  | { kind: "expired" }
  | { kind: "chain-error"; signature: string; err: string }
  | { kind: "finality-timeout"; timeoutMs: number }
  | TransferRemovedFact;

/** A credited transfer is no longer on the chain: a reorganization dropped its block (EVM). */
export interface TransferRemovedFact {
  kind: "transfer-removed";
  chainId: number;
  signature: string;
  instructionIndex: number;
  innerIndex?: number;
  /** What the watcher saw, for the fact log: a `removed` log, or no receipt / no such log when checked again. */
  evidence: string;
}

/** A transfer already credited to the transaction. */
export interface CreditState {
  signature: string;
  instructionIndex: number;
  innerIndex: number;
  amount: bigint;
  payer: string | null;
  finalized: boolean;
  held: boolean;
}

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
  failureReason: string | null;
  paidAt: Date | null;
  /** Every transfer credited so far, held ones included. */
  credits: readonly CreditState[];
  /**
   * The wallet that asked for a swap of this payment, when one was built for it: its transaction
   * delivers the settlement token from a market maker's (or an aggregator's) account, but the
   * money is this wallet's. Absent or null when the payment is not being swapped.
   */
  swapPayer?: string | null;
}

export type PaymentEventType = "payment.paid" | "payment.validated" | "payment.failed" | "payment.held" | "payment.reverted";
export type AmountMismatch = "under" | "over";

/** Why a transaction failed. */
export const FAILURE_REASONS = {
  expired: "expired",
  underpaid: "underpaid",
  transactionFailed: "transaction_failed",
  sanctioned: "sanctioned",
  notFinalized: "not_finalized",
  /** Not a failure: an initiated transaction whose credited transfer a reorg removed says so here until paid again. */
  transferRemoved: "transfer_removed",
} as const;

/** Fields a decision sets on the transaction (absent = unchanged; null = cleared). */
export interface PaymentPatch {
  status?: PaymentStatus;
  payer?: string | null;
  signature?: string | null;
  instructionIndex?: number | null;
  receivedAmount?: bigint;
  amountMismatch?: AmountMismatch | null;
  late?: boolean;
  paidAt?: Date | null;
  validatedAt?: Date;
  failedAt?: Date | null;
  failureReason?: string | null;
  /** Cleared when the payer for whom a swap was built paid directly after all: the payment is not a swap. */
  swap?: null;
}

/** A transfer to credit (insert, exactly once by its unique key). */
export interface Credit extends CreditState {
  chainId: number;
  sourceOwner: string | null;
}

/** Identifies a credited transfer. */
export interface TransferKey {
  signature: string;
  instructionIndex: number;
  innerIndex: number;
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
  /** A new transfer to credit to this transaction. */
  credit?: Credit;
  /** A credited transfer now seen at finalized. */
  finalize?: TransferKey;
  /** A credited transfer to withdraw: a reorg removed it. */
  uncredit?: TransferKey;
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

const sum = (credits: readonly CreditState[]) => credits.reduce((total, c) => total + c.amount, 0n);
const innerOf = (fact: TransferFact) => fact.innerIndex ?? -1;
const sameKey = (c: TransferKey, fact: TransferFact) =>
  c.signature === fact.signature && c.instructionIndex === fact.instructionIndex && c.innerIndex === innerOf(fact);

/** Why a transfer does not pay this transaction, or undefined when it does. */
function mismatch(state: PaymentState, fact: TransferFact): string | undefined {
  if (fact.chainId !== state.chainId) return "wrong_chain";
  if (fact.reference !== state.reference && !fact.mappedByMerchant) return "wrong_reference";
  if (fact.mint !== state.tokenAddress) return "wrong_mint";
  if (fact.recipientTokenAccount !== state.recipientTokenAccount) return "wrong_recipient";
  if (state.memo !== null && fact.memo !== state.memo && !fact.mappedByMerchant) return "memo_mismatch";
  if (fact.source !== undefined && fact.source === fact.recipientTokenAccount) return "self_transfer";
  if (fact.amount <= 0n) return "zero_amount";
  if (fact.recipientBalanceDelta !== undefined && fact.recipientBalanceDelta < fact.amount) return "balance_not_increased";
  return undefined;
}

function fail(state: PaymentState, reason: string, now: Date, extra: PaymentPatch = {}, events: PaymentEventType[] = []): Decision {
  return {
    status: "failed",
    patch: { ...extra, status: "failed", failedAt: now, failureReason: reason },
    events: [...events, "payment.failed"],
    outcome: "applied",
    reason,
  };
}

function chainError(state: PaymentState, now: Date): Decision {
  if (state.status === "initiated" && state.credits.length === 0) return fail(state, FAILURE_REASONS.transactionFailed, now);
  return keep(state, "ignored", state.status === "initiated" ? "credited_already" : state.status === "failed" ? "already_failed" : "not_pending");
}

/**
 * The status that the credits (after this fact) give the transaction. `display` is the clean
 * transfer to name as the transaction's payer and signature while it is not paid yet.
 */
function settle(state: PaymentState, credits: readonly CreditState[], now: Date, display?: CreditState, heldNow = false): Decision {
  const clean = credits.filter((c) => !c.held);
  const received = sum(clean);
  const finalized = sum(clean.filter((c) => c.finalized));
  const requested = state.requestedAmount;
  const patch: PaymentPatch = {
    receivedAmount: received,
    amountMismatch: received === 0n ? null : received < requested ? "under" : received > requested ? "over" : null,
  };
  const paidBefore = state.status === "paid" || state.status === "validated";
  const sanctioned = state.status === "failed" && state.failureReason === FAILURE_REASONS.sanctioned;
  if (display && !paidBefore && !sanctioned) Object.assign(patch, { payer: display.payer ?? "", signature: display.signature, instructionIndex: display.instructionIndex });
  const heldEvents: PaymentEventType[] = heldNow ? ["payment.held"] : [];
  const applied = (status: PaymentStatus, extra: PaymentPatch, events: PaymentEventType[] = []): Decision => ({
    status,
    patch: { ...patch, ...extra },
    events: [...heldEvents, ...events],
    outcome: "applied",
  });

  if (state.status === "validated" || sanctioned) return applied(state.status, {});
  if (heldNow && !paidBefore) {
    const who = credits.find((c) => c.held)?.payer;
    return fail(state, FAILURE_REASONS.sanctioned, now, { ...patch, ...(received === 0n && who ? { payer: who } : {}) }, heldEvents);
  }

  const paidEvent: PaymentEventType[] = state.paidAt === null ? ["payment.paid"] : [];
  const revive: PaymentPatch =
    state.status === "failed"
      ? {
          failedAt: null,
          failureReason: null,
          ...(state.failureReason === FAILURE_REASONS.expired || state.failureReason === FAILURE_REASONS.underpaid ? { late: true } : {}),
        }
      : state.failureReason === FAILURE_REASONS.transferRemoved
        ? { failureReason: null }
        : {};
  const paidAt = state.paidAt ?? now;
  if (finalized >= requested) return applied("validated", { ...revive, status: "validated", paidAt, validatedAt: now }, [...paidEvent, "payment.validated"]);
  if (received >= requested) {
    if (state.status === "paid") return applied("paid", {});
    if (state.status === "failed" && state.failureReason === FAILURE_REASONS.notFinalized) return applied("failed", {}); // waits for finality
    return applied("paid", { ...revive, status: "paid", paidAt }, paidEvent);
  }
  // Not enough yet: an open transaction keeps waiting; an expired one now names the shortfall.
  if (state.status === "failed" && state.failureReason === FAILURE_REASONS.expired && received > 0n) {
    return applied("failed", { failureReason: FAILURE_REASONS.underpaid, late: true });
  }
  return applied(state.status, {});
}

function transfer(state: PaymentState, fact: TransferFact, now: Date): Decision {
  if (fact.commitment === "processed") return keep(state, "ignored", "not_confirmed");
  if (fact.err !== undefined) return chainError(state, now);

  const existing = state.credits.find((c) => sameKey(c, fact));
  if (existing) {
    if (fact.commitment !== "finalized" || existing.finalized) return keep(state, "ignored", "duplicate");
    const credits = state.credits.map((c) => (c === existing ? { ...c, finalized: true } : c));
    const key = { signature: existing.signature, instructionIndex: existing.instructionIndex, innerIndex: existing.innerIndex };
    return { ...settle(state, credits, now), finalize: key };
  }

  const wrong = mismatch(state, fact);
  if (wrong) return keep(state, "rejected", wrong);

  const held = fact.payerSanctioned === true;
  // A swap's transfer is signed by the maker whose account the settlement token leaves; when the
  // wallet that asked for the swap signed the transaction too, the money was that wallet's: it is
  // the payer shown and the one a refund goes back to, never the maker.
  const swappedBy = state.swapPayer && state.swapPayer !== fact.payer && fact.parties?.includes(state.swapPayer) ? state.swapPayer : undefined;
  const credit: Credit = {
    chainId: fact.chainId,
    signature: fact.signature,
    instructionIndex: fact.instructionIndex,
    innerIndex: innerOf(fact),
    amount: fact.amount,
    payer: swappedBy ?? fact.payer,
    sourceOwner: swappedBy ?? fact.sourceOwner ?? null,
    finalized: fact.commitment === "finalized",
    held,
  };
  const credits = [...state.credits, credit];
  const decision = { ...settle(state, credits, now, held ? undefined : credit, held), credit };
  // The wallet a swap was built for signed its own transfer: it paid directly, so Orders must not say Swap.
  if (state.swapPayer && !swappedBy && fact.payer === state.swapPayer && !held) decision.patch = { ...decision.patch, swap: null };
  return decision;
}

/**
 * A credited transfer a reorg removed: withdraw it and let the remaining credits decide again. A
 * paid transaction they no longer cover goes back to initiated and says why.
 */
function transferRemoved(state: PaymentState, fact: TransferRemovedFact): Decision {
  const key: TransferKey = { signature: fact.signature, instructionIndex: fact.instructionIndex, innerIndex: fact.innerIndex ?? -1 };
  const existing = state.credits.find((c) => c.signature === key.signature && c.instructionIndex === key.instructionIndex && c.innerIndex === key.innerIndex);
  if (!existing) return keep(state, "ignored", "not_credited");
  if (existing.finalized) return keep(state, "ignored", "finalized_already");
  const credits = state.credits.filter((c) => c !== existing);
  const clean = credits.filter((c) => !c.held);
  const received = sum(clean);
  const requested = state.requestedAmount;
  const shown = clean[0];
  const patch: PaymentPatch = {
    receivedAmount: received,
    amountMismatch: received === 0n ? null : received < requested ? "under" : received > requested ? "over" : null,
  };
  const removed = (status: PaymentStatus, extra: PaymentPatch = {}, events: PaymentEventType[] = []): Decision => ({
    status,
    patch: { ...patch, ...extra },
    events,
    uncredit: key,
    outcome: "applied",
    reason: FAILURE_REASONS.transferRemoved,
  });
  // The transaction's payer and signature name a transfer that is still there, or nothing.
  const display: PaymentPatch =
    state.status === "validated" || existing.held
      ? {}
      : { payer: shown?.payer ?? null, signature: shown?.signature ?? null, instructionIndex: shown?.instructionIndex ?? null };
  if (state.status === "paid" && received < requested) {
    return removed("initiated", { ...display, status: "initiated", paidAt: null, failureReason: FAILURE_REASONS.transferRemoved }, ["payment.reverted"]);
  }
  if (state.status === "initiated") return removed("initiated", { ...display, ...(received === 0n ? { failureReason: FAILURE_REASONS.transferRemoved } : {}) });
  return removed(state.status, display);
}

/** Decides what a fact means for a transaction. Pure: same input, same decision. */
export function decide(state: PaymentState, fact: PaymentFact, now: Date): Decision {
  switch (fact.kind) {
    case "transfer":
      return transfer(state, fact, now);
    case "chain-error":
      return chainError(state, now);
    case "transfer-removed":
      return transferRemoved(state, fact);
    case "finality-timeout":
      if (state.status !== "paid" || state.paidAt === null) return keep(state, "ignored", "not_awaiting_finalization");
      if (now.getTime() < state.paidAt.getTime() + fact.timeoutMs) return keep(state, "ignored", "within_finality_window");
      return fail(state, FAILURE_REASONS.notFinalized, now);
    case "expired": {
      if (state.status !== "initiated") return keep(state, "ignored", state.status === "paid" ? "awaiting_finalization" : "terminal");
      if (now.getTime() < state.expiresAt.getTime()) return keep(state, "ignored", "not_expired");
      const something = sum(state.credits.filter((c) => !c.held)) > 0n;
      return fail(state, something ? FAILURE_REASONS.underpaid : FAILURE_REASONS.expired, now);
    }
  }
}

/** The state after a decision (what the service writes, for callers and tests that fold facts). */
export function applyDecision<S extends PaymentState>(state: S, decision: Decision): S {
  const next = { ...state };
  const p = decision.patch;
  if (p.status !== undefined) next.status = p.status;
  if (p.failureReason !== undefined) next.failureReason = p.failureReason;
  if (p.paidAt !== undefined) next.paidAt = p.paidAt;
  if (p.swap === null) next.swapPayer = null;
  if (decision.credit) {
    const { chainId: _chain, sourceOwner: _owner, ...credit } = decision.credit;
    next.credits = [...next.credits, credit];
  }
  const u = decision.uncredit;
  if (u) {
    next.credits = next.credits.filter((c) => !(c.signature === u.signature && c.instructionIndex === u.instructionIndex && c.innerIndex === u.innerIndex));
  }
  const f = decision.finalize;
  if (f) {
    next.credits = next.credits.map((c) =>
      c.signature === f.signature && c.instructionIndex === f.instructionIndex && c.innerIndex === f.innerIndex ? { ...c, finalized: true } : c,
    );
  }
  return next;
}
