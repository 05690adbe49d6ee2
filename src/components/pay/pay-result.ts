import type { PaymentProgress } from "@/lib/pay-api";
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
