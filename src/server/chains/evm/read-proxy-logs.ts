import type { Address, Log, PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { feeProxyAbi } from "./fee-proxy-abi";

/** Blocks per `eth_getLogs` call: providers cap ranges (often 1,000 to 10,000 blocks). */
export const DEFAULT_LOG_RANGE = 1_000n;

/**
 * The fee proxy's `TransferWithReferenceAndFee` logs in blocks `fromBlock`..`toBlock` (inclusive),
 * in ranges of at most `maxRange` blocks, oldest first. Empty when `fromBlock > toBlock`.
 * @throws {EvmChainError} when the node refuses a range.
 */
export async function readProxyLogs(
  client: PublicClient,
  proxy: Address,
  fromBlock: bigint,
  toBlock: bigint,
  { maxRange = DEFAULT_LOG_RANGE }: { maxRange?: bigint } = {},
): Promise<Log[]> {
  const logs: Log[] = [];
  for (let from = fromBlock; from <= toBlock; from += maxRange) {
    const to = from + maxRange - 1n < toBlock ? from + maxRange - 1n : toBlock;
    try {
      logs.push(...(await client.getLogs({ address: proxy, event: feeProxyAbi[0], fromBlock: from, toBlock: to })));
    } catch (cause) {
      throw new EvmChainError(`eth_getLogs ${from}..${to} of ${proxy} failed`, { cause });
    }
  }
  return logs;
}
