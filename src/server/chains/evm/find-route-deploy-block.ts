import type { Address, PublicClient } from "viem";
import { EvmChainError } from "./errors";

/**
 * The block a contract was deployed in, for a route attached without its deploy transaction (or
 * before zpay kept the block): a binary search on whether the address has code, about 25 reads on
 * a chain of millions of blocks instead of reading its logs from block 0. Undefined when there is
 * no code at `address` now. Needs a node that answers `eth_getCode` at old blocks (an archive
 * node, as RPC providers run); a pruned node's refusal surfaces as the error below, and the
 * caller falls back.
 * @throws {EvmChainError} when the node cannot answer.
 */
export async function findRouteDeployBlock(client: PublicClient, address: Address, head?: bigint): Promise<bigint | undefined> {
  const hasCode = async (blockNumber: bigint) => {
    try {
      const code = await client.getCode({ address, blockNumber });
      return code !== undefined && code !== "0x";
    } catch (cause) {
      throw new EvmChainError(`eth_getCode of ${address} at block ${blockNumber} failed`, { cause });
    }
  };
  let high: bigint;
  try {
    high = head ?? (await client.getBlockNumber({ cacheTime: 0 }));
  } catch (cause) {
    throw new EvmChainError("could not read the latest block number", { cause });
  }
  if (!(await hasCode(high))) return undefined;
  // Invariant: code at `high`, none below `low` (block 0 counts as "before" until shown otherwise).
  let low = 0n;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (await hasCode(middle)) high = middle;
    else low = middle + 1n;
  }
  return high;
}
