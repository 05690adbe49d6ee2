import type { ObservedTransaction, ObservedTransfer } from "../chains/solana/extract-transfers";
import type { PaymentFact, TransferFact } from "./transition";

/** What a watcher reports about one payment (the transition function decides what it means). */
export type SolanaPaymentFact =
  | (Omit<TransferFact, "commitment"> & { commitment: "confirmed" | "finalized" })
  | Extract<PaymentFact, { kind: "chain-error" }>;

export interface ExpectedPayment {
  chainId: number;
  reference: string;
  recipientTokenAccount: string;
  memo?: string;
}

/**
 * How much `transfer` really added to the recipient: the transaction's balance change of that
 * account less its other transfers into it. Equal to the amount for an honest transfer; smaller
 * when a fee was withheld or the same transaction took the money out again (then it did not
 * stay with the merchant, and is not credited). Undefined when the node listed no token balance
 * for the account.
 */
function arrived(observed: ObservedTransaction, transfer: ObservedTransfer): bigint | undefined {
  const account = transfer.destination;
  const change = observed.balanceChanges[account];
  if (change === undefined) return undefined;
  let others = 0n;
  for (const t of observed.transfers) {
    if (t === transfer) continue;
    if (t.destination === account) others += t.amount;
  }
  return change - others;
}

/**
 * Everyone who moved the money of `transfer`, for screening: its authority, the source's owner, and
 * every signer of the transaction with its fee payer (the first account key). A listed wallet that
 * pays the fee for, or co-signs, a clean wallet's transfer took part in the payment though the
 * transfer does not name it. The watchers' facts and the scan's unmapped inflows both carry these.
 */
export function solanaParties(observed: ObservedTransaction, transfer: ObservedTransfer): string[] {
  const keys = [transfer.authority, transfer.sourceOwner, observed.accountKeys[0], ...observed.signers];
  return [...new Set(keys.filter((k): k is string => Boolean(k)))];
}

function toFact(observed: ObservedTransaction, transfer: ObservedTransfer, expected: ExpectedPayment, commitment: "confirmed" | "finalized"): SolanaPaymentFact {
  const memo = expected.memo && observed.memos.includes(expected.memo) ? expected.memo : observed.memos[0];
  const delta = arrived(observed, transfer);
  return {
    kind: "transfer",
    chainId: expected.chainId,
    reference: expected.reference,
    signature: observed.signature,
    instructionIndex: transfer.instructionIndex,
    innerIndex: transfer.innerIndex,
    payer: transfer.authority,
    ...(transfer.sourceOwner ? { sourceOwner: transfer.sourceOwner } : {}),
    source: transfer.source,
    recipientTokenAccount: transfer.destination,
    mint: transfer.mint ?? "",
    amount: transfer.amount,
    ...(observed.blockTime ? { blockTime: observed.blockTime } : {}),
    ...(delta === undefined ? {} : { recipientBalanceDelta: delta }),
    parties: solanaParties(observed, transfer),
    memo,
    commitment,
  };
}

/**
 * Turns a transaction found by a payment's reference into the facts to report: one per transfer
 * into the expected token account (top-level or inner; several may together pay one payment).
 * When none goes there, the first transfer is reported as it is, so the transition records a
 * wrong recipient instead of silently ignoring it. A transaction that failed on chain moved no
 * money: it is one chain error. Empty when the transaction moved no token and did not fail.
 */
export function solanaFacts(observed: ObservedTransaction, expected: ExpectedPayment, commitment: "confirmed" | "finalized"): SolanaPaymentFact[] {
  if (observed.err) return [{ kind: "chain-error", signature: observed.signature, err: observed.err }];
  const ours = observed.transfers.filter((t) => t.destination === expected.recipientTokenAccount);
  const chosen = ours.length > 0 ? ours : observed.transfers.slice(0, 1);
  return chosen.map((t) => toFact(observed, t, expected, commitment));
}
