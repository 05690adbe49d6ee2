import { TransactionReceiptNotFoundError, type Hash, type PublicClient, type TransactionReceipt } from "viem";
import { EvmChainError } from "./errors";

/**
 * The receipt of `hash` on the chain as the node sees it now (its canonical chain), or undefined
 * when the node has none: not mined yet, or mined in a block a reorganization dropped.
 * @throws {EvmChainError} when the node cannot be asked.
 */
export async function readReceipt(client: PublicClient, hash: Hash): Promise<TransactionReceipt | undefined> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (cause) {
    if (cause instanceof TransactionReceiptNotFoundError) return undefined;
    throw new EvmChainError(`eth_getTransactionReceipt ${hash} failed`, { cause });
  }
}
