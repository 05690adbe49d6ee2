import { PublicKey, type Connection, type Finality } from "@solana/web3.js";
import { SolanaChainError } from "./errors";

/**
 * Signatures of transactions that mention `reference`, oldest first (Solana Pay's reference
 * lookup, without its "first one only" shortcut: a second payment must not go unseen).
 * @throws {SolanaChainError} when the RPC call fails.
 */
export async function findReference(connection: Connection, reference: string, commitment: Finality, limit = 20): Promise<{ signature: string; err: boolean }[]> {
  try {
    const found = await connection.getSignaturesForAddress(new PublicKey(reference), { limit }, commitment);
    return found.reverse().map((s) => ({ signature: s.signature, err: s.err !== null }));
  } catch (cause) {
    throw new SolanaChainError(`getSignaturesForAddress(${reference}) failed`, { cause });
  }
}
