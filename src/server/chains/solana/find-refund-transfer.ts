import type { Connection, Finality } from "@solana/web3.js";
import { findReference } from "./find-reference";
import { readTransaction } from "./read-transaction";

/** The transfer back to a payer that a refund expects. */
export interface ExpectedRefundTransfer {
  /** The refund's reference key, carried by the transfer instruction. */
  reference: string;
  /** The merchant's token account the money leaves. */
  source: string;
  /** The payer's token account it goes back to. */
  destination: string;
  mint: string;
  /** Base units. */
  amount: bigint;
}

/** A refund transfer seen on chain. */
export interface FoundRefundTransfer {
  signature: string;
}

/**
 * The transaction that refunds, found by the refund's reference key: one that did not fail on
 * chain and moves exactly `amount` of `mint` from `source` to `destination` (and the destination's
 * balance really grew by it). Undefined until it reaches `commitment`. A transaction that
 * mentions the reference but moves something else does not refund.
 * @throws {SolanaChainError} when an RPC call fails.
 */
export async function findRefundTransfer(connection: Connection, expected: ExpectedRefundTransfer, commitment: Finality): Promise<FoundRefundTransfer | undefined> {
  const signatures = await findReference(connection, expected.reference, commitment);
  for (const { signature, err } of signatures) {
    if (err) continue;
    const observed = await readTransaction(connection, signature, commitment);
    if (!observed || observed.err) continue;
    const grew = observed.balanceChanges[expected.destination];
    const moved = observed.transfers.some(
      (t) => t.source === expected.source && t.destination === expected.destination && t.amount === expected.amount && (t.mint === undefined || t.mint === expected.mint),
    );
    if (moved && (grew === undefined || grew >= expected.amount)) return { signature };
  }
  return undefined;
}
