import type { PublicClient } from "viem";
import { EvmChainError } from "./errors";

/**
 * When block `number` was made (its timestamp, whole seconds) and its hash.
 * @throws {EvmChainError} when the node cannot be asked or has no such block.
 */
export async function readBlockTime(client: PublicClient, number: bigint): Promise<{ time: Date; hash: string }> {
  try {
    const block = await client.getBlock({ blockNumber: number });
    return { time: new Date(Number(block.timestamp) * 1000), hash: block.hash ?? "" };
  } catch (cause) {
    throw new EvmChainError(`could not read block ${number}`, { cause });
  }
}
