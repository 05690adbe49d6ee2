import { isAddress, isAddressEqual } from "viem";
import type { ObservedProxyPayment } from "../chains/evm/extract-proxy-payments";
import type { TransferFact } from "./transition";

/** What an EVM payment expects on chain (from its transaction row). */
export interface ExpectedEvmPayment {
  chainId: number;
  reference: string;
  /** keccak256 of the reference: how the proxy log names it. */
  referenceTopic: string;
  /** The merchant's address, as the row stores it. */
  recipientTokenAccount: string;
  /** The token contract, as the row stores it. */
  tokenAddress: string;
}

export type EvmTransferFact = Omit<TransferFact, "commitment"> & { commitment: "confirmed" | "finalized" };

/** The row's spelling when `seen` is the same address (checksums are only a spelling), else what was seen. */
const spelledAs = (expected: string, seen: string) => (isAddress(expected, { strict: false }) && isAddressEqual(expected as `0x${string}`, seen as `0x${string}`) ? expected : seen);

/**
 * Everyone who moved the money of an EVM transaction besides the token `Transfer`'s `from`, for
 * screening: the transaction's signer (`from` of the transaction or its receipt: who signed it and
 * paid its gas). A listed wallet that pays through a relay contract it deployed, which holds the
 * tokens, is named by no `Transfer`, only by the transaction. The watcher's facts and the inflow
 * scan's unmapped transfers both carry these.
 */
export const evmParties = (transaction: { from: string }): string[] => [transaction.from];

/**
 * Turns the fee-proxy payments of one transaction into the facts for one payment: those whose
 * reference topic is the payment's. The transaction hash is the signature and the proxy log's
 * index the instruction, so each log is credited at most once. The payer is the `from` of the
 * token `Transfer` that moved the money (the proxy moves the caller's tokens), and the balance
 * delta that transfer's value. A proxy log with no such token transfer moved no money: no fact.
 * The transaction (its receipt) names the other parties (`evmParties`).
 * Addresses are compared case-insensitively and reported in the row's spelling, so the pure
 * `decide` compares plain strings. Removed logs are not facts (the watcher checks the receipt).
 */
export function evmFacts(
  observed: readonly ObservedProxyPayment[],
  expected: ExpectedEvmPayment,
  commitment: "confirmed" | "finalized",
  transaction: { from: string },
): EvmTransferFact[] {
  const parties = evmParties(transaction);
  return observed
    .filter((p) => !p.removed && p.transfer !== undefined && p.referenceTopic.toLowerCase() === expected.referenceTopic.toLowerCase())
    .map((p) => ({
      kind: "transfer",
      chainId: expected.chainId,
      reference: expected.reference,
      signature: p.transactionHash,
      instructionIndex: p.logIndex,
      payer: p.transfer!.from,
      source: spelledAs(expected.recipientTokenAccount, p.transfer!.from),
      recipientTokenAccount: spelledAs(expected.recipientTokenAccount, p.to),
      mint: spelledAs(expected.tokenAddress, p.tokenAddress),
      amount: p.amount,
      recipientBalanceDelta: p.transfer!.value,
      parties,
      commitment,
    }));
}
