import { decodeEventLog, isAddressEqual, isHash, type Address, type Hash, type Hex, type Log, type PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { nodeKey, readLogsInRanges } from "./read-logs-in-ranges";
import { readReceipt } from "./read-receipt";
import { routeAbi } from "./route-abi";

/** The refund a merchant's route contract (contracts/ZpayRoute.sol) is expected to have paid. */
export interface ExpectedRouteRefund {
  /** The merchant's route: only its own `Refunded` events count (anyone can emit a look-alike from another contract). */
  route: Address;
  /** The refund's 8-byte hex reference, passed as `refund`'s paymentReference. */
  reference: Hex;
  token: Address;
  /** The payer's wallet. */
  to: Address;
  /** Base units. */
  amount: bigint;
}

export interface FoundRouteRefund {
  hash: Hash;
  blockNumber: bigint;
}

/** How far back a route refund is looked for when no hash finds it (blocks). */
export const DEFAULT_ROUTE_REFUND_LOOKBACK_BLOCKS = 10_000n;

const refundedEvent = routeAbi.find((item) => item.type === "event" && item.name === "Refunded")!;

/** Whether `log` is the route's `Refunded` event with exactly the expected token, payer, amount and reference. */
function isTheRefund(log: Log, expected: ExpectedRouteRefund): boolean {
  if (log.removed || !isAddressEqual(log.address, expected.route)) return false;
  try {
    const { eventName, args } = decodeEventLog({ abi: routeAbi, data: log.data, topics: log.topics });
    if (eventName !== "Refunded") return false;
    return (
      isAddressEqual(args.token, expected.token) &&
      isAddressEqual(args.to, expected.to) &&
      args.amount === expected.amount &&
      args.paymentReference.toLowerCase() === expected.reference.toLowerCase()
    );
  } catch {
    return false; // another of the route's events, or not one of its ABI's
  }
}

/** The refund in the transaction `hash`, when it succeeded and its receipt carries it. */
async function matchIn(client: PublicClient, hash: Hash, expected: ExpectedRouteRefund): Promise<FoundRouteRefund | undefined> {
  const receipt = await readReceipt(client, hash);
  if (!receipt || receipt.status !== "success") return undefined;
  const found = receipt.logs.find((log) => isTheRefund(log, expected));
  return found ? { hash: receipt.transactionHash, blockNumber: receipt.blockNumber } : undefined;
}

/**
 * The transaction in which the merchant's route paid the refund back, read from the chain: a
 * successful one with the route's own `Refunded(token, to, amount, reference)` event, every field
 * exactly the refund's. `hash` (what the merchant's browser said it sent) is tried first but never
 * trusted alone; without it, or when it does not refund, the route's `Refunded` logs to the payer
 * of the last `lookbackBlocks` are searched, in the ranges the node accepts. Undefined until mined.
 * @throws {EvmChainError} when the node cannot be asked.
 */
export async function findRouteRefund(
  client: PublicClient,
  expected: ExpectedRouteRefund,
  { hash, lookbackBlocks = DEFAULT_ROUTE_REFUND_LOOKBACK_BLOCKS }: { hash?: string | null; lookbackBlocks?: bigint } = {},
): Promise<FoundRouteRefund | undefined> {
  if (hash && isHash(hash)) {
    const byHash = await matchIn(client, hash, expected);
    if (byHash) return byHash;
  }
  let head;
  try {
    head = await client.getBlockNumber({ cacheTime: 0 });
  } catch (cause) {
    throw new EvmChainError(`could not read the head to look for route ${expected.route} refunds`, { cause });
  }
  const fromBlock = head > lookbackBlocks ? head - lookbackBlocks : 0n;
  const read = (from: bigint, to: bigint) => client.getLogs({ address: expected.route, event: refundedEvent, args: { token: expected.token, to: expected.to }, fromBlock: from, toBlock: to });
  const logs = await readLogsInRanges(nodeKey(client), read, fromBlock, head);
  for (const log of logs) {
    if (!log.transactionHash || !isTheRefund(log, expected)) continue;
    const found = await matchIn(client, log.transactionHash, expected);
    if (found) return found;
  }
  return undefined;
}
