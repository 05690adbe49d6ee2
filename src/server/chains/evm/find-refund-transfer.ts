import { isAddressEqual, isHash, type Address, type Hash, type Hex, type PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { extractProxyPayments } from "./extract-proxy-payments";
import { feeProxyAbi, referenceTopic } from "./fee-proxy-abi";
import { nodeKey, readLogsInRanges } from "./read-logs-in-ranges";
import { readReceipt } from "./read-receipt";

/** The transfer back to a payer that an EVM refund expects, through the fee proxy. */
export interface ExpectedEvmRefundTransfer {
  /** The refund's 8-byte hex reference, passed as the proxy call's payment reference. */
  reference: Hex;
  /** The merchant's wallet the money leaves (the proxy's caller). */
  from: Address;
  /** The payer's wallet it goes back to. */
  to: Address;
  token: Address;
  /** Base units. */
  amount: bigint;
}

/** A refund transfer seen on chain. */
export interface FoundEvmRefundTransfer {
  hash: Hash;
  blockNumber: bigint;
}

/** How far back a refund is looked for by its reference when no hash finds it (blocks). */
export const DEFAULT_REFUND_LOOKBACK_BLOCKS = 10_000n;

/** The receipt's proxy log that is exactly the expected refund, with the token's own Transfer behind it. */
async function matchIn(client: PublicClient, proxy: Address, hash: Hash, expected: ExpectedEvmRefundTransfer): Promise<FoundEvmRefundTransfer | undefined> {
  const receipt = await readReceipt(client, hash);
  if (!receipt || receipt.status !== "success") return undefined;
  const topic = referenceTopic(expected.reference);
  const found = extractProxyPayments(receipt.logs, proxy).find(
    (p) =>
      !p.removed &&
      p.referenceTopic.toLowerCase() === topic.toLowerCase() &&
      isAddressEqual(p.tokenAddress, expected.token) &&
      isAddressEqual(p.to, expected.to) &&
      p.amount === expected.amount &&
      p.transfer !== undefined &&
      isAddressEqual(p.transfer.from, expected.from),
  );
  return found ? { hash: found.transactionHash, blockNumber: found.blockNumber } : undefined;
}

/**
 * The transaction that refunds, read from the chain: a successful one whose fee-proxy log carries
 * the refund's reference and moves exactly `amount` of `token` to the payer, with the token's own
 * Transfer from the merchant's wallet. `hash` (what the merchant's browser said it sent) is tried
 * first but never trusted alone; without it, or when it does not refund, the proxy's logs of the
 * last `lookbackBlocks` are searched by the reference's topic, in the ranges the node accepts (a
 * late refund's week of blocks is more than most providers give in one call). Undefined until mined.
 * @throws {EvmChainError} when the node cannot be asked.
 */
export async function findEvmRefundTransfer(
  client: PublicClient,
  proxy: Address,
  expected: ExpectedEvmRefundTransfer,
  { hash, lookbackBlocks = DEFAULT_REFUND_LOOKBACK_BLOCKS }: { hash?: string | null; lookbackBlocks?: bigint } = {},
): Promise<FoundEvmRefundTransfer | undefined> {
  if (hash && isHash(hash)) {
    const byHash = await matchIn(client, proxy, hash, expected);
    if (byHash) return byHash;
  }
  let head;
  try {
    head = await client.getBlockNumber({ cacheTime: 0 });
  } catch (cause) {
    throw new EvmChainError(`could not read the head to look for refund reference ${expected.reference}`, { cause });
  }
  const fromBlock = head > lookbackBlocks ? head - lookbackBlocks : 0n;
  const read = (from: bigint, to: bigint) => client.getLogs({ address: proxy, event: feeProxyAbi[0], args: { paymentReference: expected.reference }, fromBlock: from, toBlock: to });
  const logs = await readLogsInRanges(nodeKey(client), read, fromBlock, head);
  for (const log of logs) {
    if (!log.transactionHash || log.removed) continue;
    const found = await matchIn(client, proxy, log.transactionHash, expected);
    if (found) return found;
  }
  return undefined;
}
