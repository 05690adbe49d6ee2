import { BlockNotFoundError, type Hash, type PublicClient } from "viem";
import { EvmChainError } from "./errors";

/**
 * The hash of the canonical block at `number`, or undefined when the chain has no such block (yet,
 * or any more: a restarted sandbox chain). Comparing it with a hash seen earlier tells whether a
 * reorganization replaced that block.
 * @throws {EvmChainError} when the node cannot be asked.
 */
export async function readBlockHash(client: PublicClient, number: bigint): Promise<Hash | undefined> {
  try {
    return (await client.getBlock({ blockNumber: number })).hash ?? undefined;
  } catch (cause) {
    if (cause instanceof BlockNotFoundError) return undefined;
    throw new EvmChainError(`could not read block ${number}`, { cause });
  }
}
