import type { PaymentSink, WatchedPayment } from "../jobs/solana-watcher";
import type { TransactionRow } from "./dto";
import { applyFact, DEFAULT_LATE_GRACE_MS, listPending, type PaymentDeps } from "./service";

/** What a watcher follows of a transaction. */
export function toWatchedPayment(row: TransactionRow): WatchedPayment {
  return {
    id: row.id,
    chainId: row.chainId,
    reference: row.reference,
    recipientTokenAccount: row.recipientTokenAccount,
    memo: row.memo ?? undefined,
    status: row.status,
    signature: row.signature ?? undefined,
    expiresAt: row.expiresAt,
  };
}

/**
 * The payments service as a watcher's sink: pending payments to resume, and one database
 * transaction per reported fact (see `applyFact`).
 */
export function paymentSink(deps: PaymentDeps, options: { lateGraceMs?: number } = {}): PaymentSink {
  return {
    listPending: async (chainId) =>
      (await listPending(deps.db, chainId, { now: deps.now?.(), lateGraceMs: options.lateGraceMs ?? DEFAULT_LATE_GRACE_MS })).map(toWatchedPayment),
    apply: async (paymentId, fact) => {
      const result = await applyFact(deps, paymentId, fact);
      return result && toWatchedPayment(result.transaction);
    },
  };
}
