import type { Address, Hash, PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { DEFAULT_LOG_RANGE } from "./read-proxy-logs";
import { routeAbi } from "./route-abi";

/** One `Settled` event of a route. */
export interface RouteSettlement {
  token: Address;
  to: Address;
  amount: bigint;
  hash: Hash;
  blockNumber: bigint;
}

export interface SettlementHistoryRange {
  /** The route's deployment block: nothing is logged before it. */
  fromBlock: bigint;
  /** The last block read (inclusive); the chain's head when absent. */
  toBlock?: bigint;
  /** Blocks per `eth_getLogs` call: providers cap ranges (often 1,000 to 10,000 blocks). */
  maxRange?: bigint;
}

/**
 * Every settlement the route logged from its deployment block, newest first, read in ranges of at
 * most `maxRange` blocks (a single call from block 0 is refused by most providers on a real chain).
 * The chain is the record: zpay stores no copy a reorganization could leave stale.
 * @throws {EvmChainError} when the node cannot tell its head or refuses a range.
 */
export async function readSettlementHistory(
  client: PublicClient,
  route: Address,
  { fromBlock, toBlock, maxRange = DEFAULT_LOG_RANGE }: SettlementHistoryRange,
): Promise<RouteSettlement[]> {
  let last: bigint;
  try {
    last = toBlock ?? (await client.getBlockNumber({ cacheTime: 0 }));
  } catch (cause) {
    throw new EvmChainError("could not read the latest block number", { cause });
  }
  const found: RouteSettlement[] = [];
  for (let from = fromBlock; from <= last; from += maxRange) {
    const to = from + maxRange - 1n < last ? from + maxRange - 1n : last;
    let logs;
    try {
      logs = await client.getContractEvents({ address: route, abi: routeAbi, eventName: "Settled", fromBlock: from, toBlock: to });
    } catch (cause) {
      throw new EvmChainError(`could not read the settlements of route ${route} in blocks ${from}..${to}`, { cause });
    }
    for (const log of logs) {
      if (log.removed || log.transactionHash === null || log.blockNumber === null) continue;
      found.push({ token: log.args.token!, to: log.args.to!, amount: log.args.amount!, hash: log.transactionHash, blockNumber: log.blockNumber });
    }
  }
  return found.sort((a, b) => (a.blockNumber === b.blockNumber ? 0 : a.blockNumber > b.blockNumber ? -1 : 1));
}
