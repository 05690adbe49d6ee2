import type { PaymentProgress, PaymentTransactionInfo } from "@/lib/pay-api";
import { formatBaseUnits } from "@/lib/money";
import type { TransactionFlow } from "@/stores/payment";

/**
 * The result screen's outcome and its words (keys of the `pay` namespace), from the transaction
 * flow: one definition for the page that draws it and the machine's tests that check every
 * terminal state has words in every language.
 */

/**
 * The reason a payment ends when the payer declined in their wallet: not a failure, a cancel
 * (own title and words, calm, with Try again). Never a server reason nor a wallet's message.
 */
export const PAYER_CANCELLED = "payer_cancelled";

/** Failure reasons the server gives (`failureReason`), each explained in the payer's language. */
export const SERVER_REASONS: ReadonlySet<string> = new Set(["expired", "underpaid", "transaction_failed", "sanctioned", "not_finalized"]);

export interface PayResult {
  /** 'paid' or 'validated' is a success; anything else reads as failed. */
  status: PaymentProgress["status"];
  hash?: string;
  /** Why it failed: the server's reason or the wallet's message. */
  reason?: string;
  progress?: PaymentProgress;
}

/** What the result screen shows for `flow`: without the server's progress it reads as failed. */
export function resultOf(flow: TransactionFlow): PayResult {
  const progress = flow.transactionResult?.progress;
  const failed = flow.currentState === "failed" || progress?.status === "failed" || !progress;
  return {
    status: failed ? "failed" : progress.status,
    hash: progress?.hash ?? flow.transactionResult?.hash,
    reason: flow.transactionResult?.error ?? progress?.failureReason,
    progress,
  };
}

export const isSuccess = (status: PayResult["status"]) => status === "paid" || status === "validated";

/** The payer declined in the wallet before anything was sent. */
export const isCancelled = ({ status, hash, reason }: Pick<PayResult, "status" | "hash" | "reason">) => !isSuccess(status) && !hash && reason === PAYER_CANCELLED;

/** The keys of the result's title, body and (failures with a reason) reason line. */
export function resultWords({ status, hash, reason }: Pick<PayResult, "status" | "hash" | "reason">): { title: string; body: string; reason?: string } {
  if (isCancelled({ status, hash, reason })) return { title: "result.cancelledTitle", body: "result.cancelledBody" };
  const title = status === "validated" ? "result.validatedTitle" : status === "paid" ? "result.paidTitle" : "result.failedTitle";
  const body = status === "validated" ? "result.validatedBody" : status === "paid" ? "result.paidBody" : hash ? "result.failedSentBody" : "result.failedBody";
  // The server's reasons have words of their own; a wallet's message is shown as it is.
  const reasonKey = !isSuccess(status) && reason ? (SERVER_REASONS.has(reason) ? `result.reasons.${reason}` : "result.reason") : undefined;
  return { title, body, ...(reasonKey ? { reason: reasonKey } : {}) };
}

/**
 * A payment still open with part of its amount in (issue 28): base units received and still due,
 * and when the time to pay runs out. The server waits for the rest (same reference and memo)
 * until then, and only then fails it `underpaid`.
 */
export interface Underpaid {
  received: string;
  due: string;
  expiresAt?: string;
}

/** The server's progress when it reads as partly paid and still open; undefined otherwise. */
export function underpaidOf(progress: PaymentProgress | undefined): Underpaid | undefined {
  if (progress?.status !== "initiated" || progress.amountMismatch !== "under" || !progress.receivedAmount) return undefined;
  const received = toUnits(progress.receivedAmount);
  if (received === undefined || received <= 0n) return undefined;
  // An older server sent no amountDue: requested less received.
  const requested = progress.requestedAmount !== undefined ? toUnits(progress.requestedAmount) : undefined;
  const due = progress.amountDue !== undefined ? toUnits(progress.amountDue) : requested !== undefined ? requested - received : undefined;
  if (due === undefined || due <= 0n) return undefined;
  return { received: received.toString(), due: due.toString(), ...(progress.expiresAt ? { expiresAt: progress.expiresAt } : {}) };
}

function toUnits(text: string): bigint | undefined {
  return /^\d+$/.test(text) ? BigInt(text) : undefined;
}

/**
 * The rest of a partly paid payment as a payment to send: the same payment, recipient, reference
 * and memo (so the server adds it to what came), for the amount still due. The wallet sends it;
 * a QR code asks a phone for it.
 */
export function restOf(info: PaymentTransactionInfo, underpaid: Underpaid): PaymentTransactionInfo {
  return { ...info, amountWei: underpaid.due, amount: formatBaseUnits(BigInt(underpaid.due), info.decimals) };
}

/** The keys of the partly paid screen's words (the `pay` namespace), for the page and the machine's tests. */
export const UNDERPAID_WORDS = ["underpaid.title", "underpaid.body", "underpaid.received", "underpaid.due", "underpaid.timeLeft", "underpaid.timeUp", "underpaid.sendRest", "underpaid.sending", "underpaid.qrBody", "underpaid.needsWallet"] as const;
