import type { Address, Hash, PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { nodeKey, readLogsInRanges } from "./read-logs-in-ranges";
import { routeAbi } from "./route-abi";

/** One `Settled` event of a route. */
export interface RouteSettlement {
  token: Address;
  to: Address;
  amount: bigint;
  hash: Hash;
  /** The log's index in its block: with the hash, what makes the event unique. */
  logIndex: number;
  blockNumber: bigint;
}

export interface SettlementHistoryRange {
  /** The first block read: the route's deployment block, or the block after what was read before. */
  fromBlock: bigint;
  /** The last block read (inclusive); the chain's head when absent. */
  toBlock?: bigint;
}

/**
 * The settlements the route logged in `fromBlock`..`toBlock`, newest first. The range is asked for
 * at once and halved while the node refuses it (`readLogsInRanges`: capped providers), so a long
 * history costs few calls where the node allows it and still works where it does not.
 * @throws {EvmChainError} when the node cannot tell its head or refuses a one-block range.
 */
export async function readSettlementHistory(client: PublicClient, route: Address, { fromBlock, toBlock }: SettlementHistoryRange): Promise<RouteSettlement[]> {
  let last: bigint;
  try {
    last = toBlock ?? (await client.getBlockNumber({ cacheTime: 0 }));
  } catch (cause) {
    throw new EvmChainError("could not read the latest block number", { cause });
  }
  if (last < fromBlock) return [];
  const logs = await readLogsInRanges(nodeKey(client), (from, to) => client.getContractEvents({ address: route, abi: routeAbi, eventName: "Settled", fromBlock: from, toBlock: to }), fromBlock, last);
  const found: RouteSettlement[] = [];
  for (const log of logs) {
    if (log.removed || log.transactionHash === null || log.blockNumber === null || log.logIndex === null) continue;
    found.push({ token: log.args.token!, to: log.args.to!, amount: log.args.amount!, hash: log.transactionHash, logIndex: log.logIndex, blockNumber: log.blockNumber });
  }
  return found.sort((a, b) => (a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1));
}
