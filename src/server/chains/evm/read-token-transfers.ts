import { erc20Abi, type Address, type Hash, type PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { DEFAULT_LOG_RANGE } from "./read-proxy-logs";

/** One ERC-20 `Transfer` log into a watched address. */
export interface ObservedTokenTransfer {
  transactionHash: Hash;
  logIndex: number;
  blockNumber: bigint;
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
}

/**
 * The `Transfer` logs of `tokens` whose recipient is one of `recipients`, in blocks
 * `fromBlock`..`toBlock` (inclusive), in ranges of at most `maxRange` blocks, oldest first. Empty
 * when there is nothing to ask for. Logs a reorganization removed are left out.
 * @throws {EvmChainError} when the node refuses a range.
 */
export async function readTokenTransfers(
  client: PublicClient,
  tokens: readonly Address[],
  recipients: readonly Address[],
  fromBlock: bigint,
  toBlock: bigint,
  { maxRange = DEFAULT_LOG_RANGE }: { maxRange?: bigint } = {},
): Promise<ObservedTokenTransfer[]> {
  const out: ObservedTokenTransfer[] = [];
  if (tokens.length === 0 || recipients.length === 0) return out;
  const transfer = erc20Abi.find((e) => e.type === "event" && e.name === "Transfer")!;
  for (let from = fromBlock; from <= toBlock; from += maxRange) {
    const to = from + maxRange - 1n < toBlock ? from + maxRange - 1n : toBlock;
    let logs;
    try {
      logs = await client.getLogs({ address: [...tokens], event: transfer, args: { to: [...recipients] }, fromBlock: from, toBlock: to, strict: true });
    } catch (cause) {
      throw new EvmChainError(`eth_getLogs of token transfers ${from}..${to} failed`, { cause });
    }
    for (const log of logs) {
      if (log.removed || log.transactionHash === null || log.logIndex === null || log.blockNumber === null) continue;
      out.push({ transactionHash: log.transactionHash, logIndex: log.logIndex, blockNumber: log.blockNumber, token: log.address, from: log.args.from, to: log.args.to, value: log.args.value });
    }
  }
  return out.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
}
