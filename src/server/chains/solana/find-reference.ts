import { PublicKey, type Connection, type Finality } from "@solana/web3.js";
import { SolanaChainError } from "./errors";

/** Signatures the RPC returns per page (a node's maximum). */
const PAGE = 1_000;

export interface AddressSignature {
  signature: string;
  err: boolean;
  slot: number;
  /** Unix seconds, when the node knows it. */
  blockTime?: number;
}

/**
 * Signatures of transactions that mention `address` (a payment's reference key, or a receiving
 * token account), oldest first, paged through the whole history back to `until` (exclusive) —
 * Solana Pay's lookup without its "first one only" and "20 at most" shortcuts: a later payment
 * must not go unseen behind a crowd of dust. At most `maxPages` pages are read; the newest
 * signatures win when the history is longer (the caller's cursor catches up on the next call).
 * @throws {SolanaChainError} when the RPC call fails.
 */
export async function findSignatures(
  connection: Connection,
  address: string,
  commitment: Finality,
  options: { until?: string; maxPages?: number; pageSize?: number } = {},
): Promise<AddressSignature[]> {
  const { until, maxPages = 10, pageSize = PAGE } = options;
  const key = new PublicKey(address);
  const newestFirst: AddressSignature[] = [];
  let before: string | undefined;
  try {
    for (let page = 0; page < maxPages; page++) {
      const found = await connection.getSignaturesForAddress(key, { limit: pageSize, before, until }, commitment);
      for (const s of found) newestFirst.push({ signature: s.signature, err: s.err !== null, slot: s.slot, ...(s.blockTime ? { blockTime: s.blockTime } : {}) });
      if (found.length < pageSize) break;
      before = found[found.length - 1]!.signature;
    }
  } catch (cause) {
    throw new SolanaChainError(`getSignaturesForAddress(${address}) failed`, { cause });
  }
  return newestFirst.reverse();
}

/**
 * Signatures of transactions that mention a payment's `reference`, oldest first (every page).
 * @throws {SolanaChainError} when the RPC call fails.
 */
export function findReference(
  connection: Connection,
  reference: string,
  commitment: Finality,
  options: { until?: string; pageSize?: number } = {},
): Promise<AddressSignature[]> {
  return findSignatures(connection, reference, commitment, options);
}
