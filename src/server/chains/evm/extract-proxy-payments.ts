import { decodeEventLog, erc20Abi, isAddressEqual, type Address, type Hex, type Log } from "viem";
import { feeProxyAbi } from "./fee-proxy-abi";

/** One `TransferWithReferenceAndFee` log, with the token transfer that really moved the money. */
export interface ObservedProxyPayment {
  transactionHash: Hex;
  /** The proxy log's index in its block: with the hash, the credit's exactly-once key. */
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
  /** keccak256 of the payment reference (the log's second topic). */
  referenceTopic: Hex;
  tokenAddress: Address;
  to: Address;
  /** What the proxy says it moved. */
  amount: bigint;
  /**
   * The ERC-20 `Transfer` the token itself logged in the same transaction, before the proxy log,
   * moving exactly `amount` to `to`: its `from` is the payer. Absent when there is none: then the
   * proxy log is not money (a look-alike contract or a token that logged nothing).
   */
  transfer?: { from: Address; value: bigint; logIndex: number };
  /** Set on a log a reorganization removed (a subscription may deliver one). */
  removed: boolean;
}

type ReceiptLog = Pick<Log, "address" | "topics" | "data" | "logIndex" | "transactionHash" | "blockNumber" | "blockHash" | "removed">;

function decodeProxy(log: ReceiptLog) {
  try {
    return decodeEventLog({ abi: feeProxyAbi, eventName: "TransferWithReferenceAndFee", topics: log.topics as [Hex, ...Hex[]], data: log.data });
  } catch {
    return undefined;
  }
}

function decodeTransfer(log: ReceiptLog) {
  try {
    return decodeEventLog({ abi: erc20Abi, eventName: "Transfer", topics: log.topics as [Hex, ...Hex[]], data: log.data });
  } catch {
    return undefined;
  }
}

/**
 * The fee-proxy payments in one transaction's logs (its receipt), in log order, each matched with
 * the token's own `Transfer` log: emitted by `tokenAddress`, to `to`, of exactly `amount`, before
 * the proxy log and not already matched to an earlier proxy log (a transaction may pay several
 * references). Pure.
 */
export function extractProxyPayments(logs: readonly ReceiptLog[], proxy: Address): ObservedProxyPayment[] {
  const sorted = [...logs].sort((a, b) => (a.logIndex ?? 0) - (b.logIndex ?? 0));
  const claimed = new Set<number>();
  const payments: ObservedProxyPayment[] = [];
  for (const log of sorted) {
    if (!isAddressEqual(log.address, proxy) || log.topics.length < 2) continue;
    const decoded = decodeProxy(log);
    if (!decoded || log.transactionHash === null || log.blockNumber === null || log.blockHash === null || log.logIndex === null) continue;
    const { tokenAddress, to, amount } = decoded.args;
    let transfer: ObservedProxyPayment["transfer"];
    for (let i = sorted.indexOf(log) - 1; i >= 0 && !transfer; i--) {
      const candidate = sorted[i]!;
      if (claimed.has(candidate.logIndex!) || !isAddressEqual(candidate.address, tokenAddress)) continue;
      const t = decodeTransfer(candidate);
      if (t && isAddressEqual(t.args.to, to) && t.args.value === amount) {
        claimed.add(candidate.logIndex!);
        transfer = { from: t.args.from, value: t.args.value, logIndex: candidate.logIndex! };
      }
    }
    payments.push({
      transactionHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      referenceTopic: log.topics[1]!,
      tokenAddress,
      to,
      amount,
      ...(transfer ? { transfer } : {}),
      removed: log.removed === true,
    });
  }
  return payments;
}
