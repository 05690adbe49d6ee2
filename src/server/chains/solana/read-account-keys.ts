import type { Connection, Finality } from "@solana/web3.js";
import { SolanaChainError } from "./errors";

/**
 * Every account `signature` names (static keys and those loaded from lookup tables), or undefined
 * when the transaction has not reached `commitment` yet. Cheap routing: a reference key among
 * them says which payment a transfer is for, before anything is parsed.
 * @throws {SolanaChainError} when the RPC call fails.
 */
export async function readAccountKeys(connection: Connection, signature: string, commitment: Finality): Promise<string[] | undefined> {
  try {
    const tx = await connection.getTransaction(signature, { commitment, maxSupportedTransactionVersion: 0 });
    if (!tx) return undefined;
    const keys = tx.transaction.message.getAccountKeys({ accountKeysFromLookups: tx.meta?.loadedAddresses ?? undefined });
    return [...keys.staticAccountKeys, ...(keys.accountKeysFromLookups?.writable ?? []), ...(keys.accountKeysFromLookups?.readonly ?? [])].map((k) =>
      k.toBase58(),
    );
  } catch (cause) {
    throw new SolanaChainError(`getTransaction(${signature}) failed`, { cause });
  }
}
