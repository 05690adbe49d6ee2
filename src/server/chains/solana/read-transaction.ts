import type { Connection, Finality } from "@solana/web3.js";
import { SolanaChainError } from "./errors";
import { extractTransfers, type ObservedTransaction } from "./extract-transfers";

/**
 * The transfers of `signature` as the chain holds them at `commitment`, or undefined when the
 * transaction has not reached that commitment yet.
 * @throws {SolanaChainError} when the RPC call fails.
 */
export async function readTransaction(connection: Connection, signature: string, commitment: Finality): Promise<ObservedTransaction | undefined> {
  try {
    const tx = await connection.getParsedTransaction(signature, { commitment, maxSupportedTransactionVersion: 0 });
    return tx ? extractTransfers(signature, tx) : undefined;
  } catch (cause) {
    throw new SolanaChainError(`getParsedTransaction(${signature}) failed`, { cause });
  }
}
