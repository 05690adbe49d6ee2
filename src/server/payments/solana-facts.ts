import type { ObservedTransaction } from "../chains/solana/extract-transfers";
import type { PaymentFact, TransferFact } from "./transition";

/** What a watcher reports about one payment (the transition function decides what it means). */
export type SolanaPaymentFact =
  | (Omit<TransferFact, "commitment"> & { commitment: "confirmed" | "finalized" })
  | Extract<PaymentFact, { kind: "chain-error" }>;

/**
 * Turns a transaction found by a payment's reference into the fact to report. The transfer to
 * the expected token account is preferred; when there is none the first transfer is reported
 * as it is, so the transition records a wrong recipient instead of silently ignoring it.
 * Undefined when the transaction moved no token and did not fail (nothing to say).
 */
export function solanaFact(
  observed: ObservedTransaction,
  expected: { chainId: number; reference: string; recipientTokenAccount: string; memo?: string },
  commitment: "confirmed" | "finalized",
): SolanaPaymentFact | undefined {
  const transfer = observed.transfers.find((t) => t.destination === expected.recipientTokenAccount) ?? observed.transfers[0];
  if (!transfer) return observed.err ? { kind: "chain-error", signature: observed.signature, err: observed.err } : undefined;
  const memo = expected.memo && observed.memos.includes(expected.memo) ? expected.memo : observed.memos[0];
  return {
    kind: "transfer",
    chainId: expected.chainId,
    reference: expected.reference,
    signature: observed.signature,
    instructionIndex: transfer.instructionIndex,
    payer: transfer.authority,
    recipientTokenAccount: transfer.destination,
    mint: transfer.mint ?? "",
    amount: transfer.amount,
    memo,
    commitment,
    err: observed.err,
  };
}
