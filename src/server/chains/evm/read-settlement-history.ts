import type { Address, Hash, PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { routeAbi } from "./route-abi";

/** One `Settled` event of a route. */
export interface RouteSettlement {
  token: Address;
  to: Address;
  amount: bigint;
  hash: Hash;
  blockNumber: bigint;
}

/**
 * Every settlement the route logged from `fromBlock` (its deployment block when known), newest
 * first. The chain is the record: zpay stores no copy a reorganization could leave stale.
 * @throws {EvmChainError} when the node cannot return the logs (some providers cap the block range).
 */
export async function readSettlementHistory(client: PublicClient, route: Address, fromBlock = 0n): Promise<RouteSettlement[]> {
  let logs;
  try {
    logs = await client.getContractEvents({ address: route, abi: routeAbi, eventName: "Settled", fromBlock, toBlock: "latest" });
  } catch (cause) {
    throw new EvmChainError(`could not read the settlements of route ${route}`, { cause });
  }
  return logs
    .filter((log) => !log.removed && log.transactionHash !== null && log.blockNumber !== null)
    .map((log) => ({ token: log.args.token!, to: log.args.to!, amount: log.args.amount!, hash: log.transactionHash!, blockNumber: log.blockNumber! }))
    .sort((a, b) => (a.blockNumber === b.blockNumber ? 0 : a.blockNumber > b.blockNumber ? -1 : 1));
}
