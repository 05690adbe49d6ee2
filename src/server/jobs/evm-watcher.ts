import { createPublicClient, webSocket, type Address, type Hash, type Log, type PublicClient } from "viem";
import type { Logger } from "../logger";
import { extractProxyPayments } from "../chains/evm/extract-proxy-payments";
import { readBlockHash } from "../chains/evm/read-block-hash";
import { readChainHead, type ChainHead } from "../chains/evm/read-chain-head";
import { readProxyLogs } from "../chains/evm/read-proxy-logs";
import { readReceipt } from "../chains/evm/read-receipt";
import { watchProxyLogs } from "../chains/evm/watch-proxy-logs";
import { evmHttp, type EvmEndpoint } from "../chains/evm/transport";
import { chainHealth } from "../chains/chain-health";
import { evmFacts, type ExpectedEvmPayment } from "../payments/evm-facts";
import type { TransferKey } from "../payments/transition";
import { coalescedRun } from "./coalesced-run";
import type { EvmLogCursorStore } from "./evm-log-cursor";
import type { EvmPaymentSink, EvmWatchedPayment, EvmWatcherFact } from "./evm-payment-sink";

export interface EvmWatcherOptions extends EvmEndpoint {
  /** `rpcUrl`: http(s):// polls; ws(s):// subscribes with eth_subscribe. */
  /** Request Network's ERC20FeeProxy on this chain. */
  proxy: Address;
  /** Where the last block read completely is kept (the database), so a restart loses nothing. */
  cursor: EvmLogCursorStore;
  /** How often the chain is read besides the log subscription's wake-ups (ms). */
  pollMs?: number;
  /** Blocks below the head that count as final where the node has no `finalized` tag. */
  finalityDepth?: number;
  /** How far back to read again after a reorg at the cursor, or on a first start (blocks). */
  rewindBlocks?: number;
  /** Blocks per eth_getLogs call. */
  logRange?: bigint;
  /** How often the table is read for payments any process created (ms); `wakeups` make it immediate. */
  discoverMs?: number;
  /** How often every pending payment is read again from the table. */
  resyncMs?: number;
  wakeups?: (onNew: (chainId: number) => void) => Promise<() => Promise<void>>;
  lateGraceMs?: number;
  /** How long a paid payment may wait for finality before it fails `not_finalized`. */
  finalityTimeoutMs?: number;
  /** Subscribe to the proxy's logs (default true); polling alone still finds everything. */
  subscribe?: boolean;
  now?: () => number;
}

export interface EvmWatcher {
  /** Reads the table for payments created since the last read, and follows them. */
  discover(): Promise<void>;
  /** One full pass now: new logs, finality and reorg checks, expiries (tests and the bench). */
  pollNow(): Promise<void>;
  readonly size: number;
  stop(): Promise<void>;
}

/** Ethereum finalizes in about 13 minutes; a paid payment waits longer than on Solana before it fails `not_finalized`. */
export const DEFAULT_EVM_FINALITY_TIMEOUT_MS = 30 * 60_000;
/** New-row reads look this far behind the newest row seen (clocks differ, inserts commit late). */
const DISCOVERY_OVERLAP_MS = 10_000;
/** How long the tick history (when each pass started and from which block) is kept for payments found late. */
const HISTORY_MS = 10 * 60_000;
/** A credited transaction must be missing this many passes in a row before its credit is withdrawn (a node behind a load balancer may lag once). */
const MISSING_PASSES = 2;

interface Entry {
  payment: EvmWatchedPayment;
  expected: ExpectedEvmPayment;
  /** Transactions already reported at confirmed: a rescan does not report them again. */
  seen: Set<Hash>;
}

const keyOf = (k: { signature: string; instructionIndex: number; innerIndex?: number }) => `${k.signature.toLowerCase()}/${k.instructionIndex}/${k.innerIndex ?? -1}`;

function clientFor(endpoint: EvmEndpoint, pollingInterval: number): PublicClient {
  // A ws(s) node is subscribed to (viem's socket requests carry their own timeout); http(s) goes through evmHttp.
  const transport = /^wss?:/i.test(endpoint.rpcUrl) ? webSocket(endpoint.rpcUrl, { timeout: (endpoint.rpc?.timeoutMs ?? 10_000) }) : evmHttp(endpoint);
  return createPublicClient({ transport, pollingInterval, cacheTime: 0 });
}

/**
 * Follows a chain's pending EVM payments, found in the database like the Solana watcher's. The
 * proxy's `TransferWithReferenceAndFee` logs are read block range by block range from a cursor
 * kept in the database (a restart resumes after the last block read completely); a log
 * subscription only wakes a pass sooner. A log whose reference topic is a pending payment's is
 * checked against its transaction's receipt (the token's own `Transfer` names the payer) and
 * reported `confirmed`, or `finalized` once its block is at or below the chain's final block.
 * Every pass also reads each credited, not yet final transaction again: final now → `finalized`;
 * gone (no receipt twice in a row, or the log is not in it any more) → `transfer-removed`, and the
 * cursor's block hash is compared so a reorg makes the recent blocks be read again. Expiry and the
 * finality timeout are reported like on Solana. One pass runs at a time.
 */
export async function startEvmWatcher(sink: EvmPaymentSink, log: Logger, options: EvmWatcherOptions): Promise<EvmWatcher> {
  const { chainId, proxy, cursor: cursorStore, pollMs = 2_000, finalityDepth, rewindBlocks = 64, logRange, lateGraceMs = 60 * 60_000, now = Date.now } = options;
  const finalityTimeoutMs = options.finalityTimeoutMs ?? DEFAULT_EVM_FINALITY_TIMEOUT_MS;
  const discoverMs = options.discoverMs ?? pollMs;
  const resyncMs = options.resyncMs ?? 60_000;
  const client = clientFor(options, Math.min(pollMs, 1_000));
  const entries = new Map<string, Entry>();
  const byTopic = new Map<string, Entry>();
  /** Transactions found without a receipt on the last pass (hash → passes in a row). */
  const missing = new Map<string, number>();
  /** When recent passes started and from which block: a payment found late is read again from the pass that began after it was created. */
  const history: { at: number; from: bigint }[] = [];
  let cursor: { blockNumber: bigint; blockHash: string } | undefined;
  let cursorLoaded = false;
  /** The lowest block a late-found payment must be read from, for the next pass. */
  let backfillFrom: bigint | undefined;
  let stopped = false;

  const done = (p: EvmWatchedPayment) => p.status === "validated" || (p.status === "failed" && now() > p.expiresAt.getTime() + lateGraceMs);

  const forget = (entry: Entry) => {
    entries.delete(entry.payment.id);
    byTopic.delete(entry.expected.referenceTopic.toLowerCase());
  };

  const report = async (entry: Entry, fact: EvmWatcherFact) => {
    const next = await sink.apply(entry.payment.id, fact);
    if (!next) return;
    entry.payment = next;
  };

  const expectedOf = (p: EvmWatchedPayment): ExpectedEvmPayment => ({
    chainId: p.chainId,
    reference: p.reference,
    referenceTopic: p.referenceTopic,
    recipientTokenAccount: p.recipientTokenAccount,
    tokenAddress: p.tokenAddress,
  });

  /** Starts following a payment; answers whether it is new. */
  const follow = (payment: EvmWatchedPayment, late: boolean): boolean => {
    if (stopped || entries.has(payment.id)) return false;
    const entry: Entry = { payment, expected: expectedOf(payment), seen: new Set() };
    entries.set(payment.id, entry);
    byTopic.set(entry.expected.referenceTopic.toLowerCase(), entry);
    if (!late) return true;
    // Its log may sit in blocks a pass read before this payment was known: read them again.
    const since = payment.createdAt.getTime() - DISCOVERY_OVERLAP_MS;
    const pass = history.find((h) => h.at >= since);
    const from = pass?.from ?? (cursor ? (cursor.blockNumber > BigInt(rewindBlocks) ? cursor.blockNumber - BigInt(rewindBlocks) : 0n) : undefined);
    if (from !== undefined) backfillFrom = backfillFrom === undefined || from < backfillFrom ? from : backfillFrom;
    return true;
  };

  /** The first block this pass reads: after the cursor, unless a reorg replaced the cursor's block (or the chain is behind it). */
  const startBlock = async (head: ChainHead): Promise<bigint> => {
    const rewind = (n: bigint) => (n > BigInt(rewindBlocks) ? n - BigInt(rewindBlocks) : 0n);
    if (!cursorLoaded) {
      cursor = await cursorStore.read();
      cursorLoaded = true;
    }
    if (!cursor) return rewind(head.number);
    if (cursor.blockNumber > head.number) {
      log.warn({ chainId, cursor: String(cursor.blockNumber), head: String(head.number) }, "the chain is behind the watcher's cursor (a reorg, or a restarted chain); reading recent blocks again");
      return rewind(head.number);
    }
    const hash = await readBlockHash(client, cursor.blockNumber);
    if (hash?.toLowerCase() !== cursor.blockHash.toLowerCase()) {
      log.warn({ chainId, block: String(cursor.blockNumber) }, "reorg: the cursor's block was replaced; reading recent blocks again");
      return rewind(cursor.blockNumber);
    }
    return cursor.blockNumber + 1n;
  };

  /** Reads one transaction's receipt and reports its facts to each payment it names. */
  const reportTransaction = async (hash: Hash, targets: readonly Entry[], head: ChainHead) => {
    const receipt = await readReceipt(client, hash);
    if (!receipt) return; // mined a moment ago on another node, or already reorged away: the next pass sees
    const observed = extractProxyPayments(receipt.logs, proxy);
    const commitment = receipt.blockNumber <= head.finalized ? "finalized" : "confirmed";
    for (const entry of targets) {
      if (receipt.status !== "success") continue; // a reverted call logs nothing; a log from one cannot be here
      for (const fact of evmFacts(observed, entry.expected, commitment)) await report(entry, fact);
      entry.seen.add(hash);
    }
  };

  /** New proxy logs in `from`..head, matched to pending payments by reference topic. */
  const readNewLogs = async (from: bigint, head: ChainHead) => {
    if (from > head.number || entries.size === 0) return;
    const logs = await readProxyLogs(client, proxy, from, head.number, logRange === undefined ? {} : { maxRange: logRange });
    const byTransaction = new Map<Hash, Set<Entry>>();
    for (const l of logs) {
      const entry = l.topics[1] ? byTopic.get(l.topics[1].toLowerCase()) : undefined;
      if (!entry || !l.transactionHash || entry.seen.has(l.transactionHash)) continue;
      byTransaction.set(l.transactionHash, (byTransaction.get(l.transactionHash) ?? new Set()).add(entry));
    }
    for (const [hash, targets] of byTransaction) await reportTransaction(hash, [...targets], head);
  };

  /** Credited transactions not yet final: final now, still there, moved, or gone. */
  const recheckCredits = async (entry: Entry, head: ChainHead) => {
    const bySignature = new Map<string, TransferKey[]>();
    for (const key of entry.payment.unfinalized) bySignature.set(key.signature, [...(bySignature.get(key.signature) ?? []), key]);
    for (const [signature, keys] of bySignature) {
      const receipt = await readReceipt(client, signature as Hash);
      if (!receipt) {
        const passes = (missing.get(signature) ?? 0) + 1;
        missing.set(signature, passes);
        if (passes < MISSING_PASSES) continue;
        missing.delete(signature);
        // Mined again later, it is a new log to read: forget that it was seen.
        entry.seen.delete(signature as Hash);
        log.warn({ chainId, payment: entry.payment.id, transaction: signature }, "reorg: a credited transaction is no longer on the chain; its credit is withdrawn");
        for (const key of keys) await report(entry, { kind: "transfer-removed", chainId, ...key, evidence: "the transaction has no receipt any more" });
        continue;
      }
      missing.delete(signature);
      const final = receipt.blockNumber <= head.finalized;
      const facts = receipt.status === "success" ? evmFacts(extractProxyPayments(receipt.logs, proxy), entry.expected, final ? "finalized" : "confirmed") : [];
      const present = new Set(facts.map(keyOf));
      for (const key of keys) {
        if (present.has(keyOf(key))) continue;
        log.warn({ chainId, payment: entry.payment.id, transaction: signature, log: key.instructionIndex }, "reorg: a credited log moved or vanished; its credit is withdrawn");
        await report(entry, { kind: "transfer-removed", chainId, ...key, evidence: "the log is not in the transaction's receipt any more" });
      }
      // Final facts finalize their credits; a log mined again at another index is credited anew.
      const credited = new Set(keys.map(keyOf));
      for (const fact of facts) if (final || !credited.has(keyOf(fact))) await report(entry, fact);
    }
  };

  /** Expiry and the finality timeout; then whether the payment is done. */
  const sweep = async (entry: Entry) => {
    const p = entry.payment;
    if (p.status === "initiated" && now() > p.expiresAt.getTime()) await report(entry, { kind: "expired" });
    const paid = entry.payment;
    if (paid.status === "paid" && paid.paidAt && now() >= paid.paidAt.getTime() + finalityTimeoutMs) {
      await report(entry, { kind: "finality-timeout", timeoutMs: finalityTimeoutMs });
    }
    if (done(entry.payment)) forget(entry);
  };

  /** One pass over the chain. */
  const pass = async () => {
    const head = await readChainHead(client, finalityDepth === undefined ? {} : { finalityDepth });
    let from = await startBlock(head);
    if (backfillFrom !== undefined && backfillFrom < from) from = backfillFrom;
    backfillFrom = undefined;
    history.push({ at: now(), from });
    while (history.length > 0 && history[0]!.at < now() - HISTORY_MS) history.shift();
    try {
      await readNewLogs(from, head);
    } catch (err) {
      // The cursor stays put: the next pass reads these blocks again.
      backfillFrom = backfillFrom === undefined || from < backfillFrom ? from : backfillFrom;
      throw err;
    }
    if (!cursor || cursor.blockNumber !== head.number || cursor.blockHash !== head.hash) {
      cursor = { blockNumber: head.number, blockHash: head.hash };
      await cursorStore.save(cursor);
    }
    for (const entry of [...entries.values()]) {
      if (entry.payment.unfinalized.length > 0 && entry.payment.status !== "validated") await recheckCredits(entry, head);
      await sweep(entry);
    }
    chainHealth.watched(chainId);
  };

  const warnPassFailed = (err: unknown) => log.warn({ err, chainId }, "evm watcher pass failed; the next one retries");
  // A failed pass is logged inside the task, so a pass asked for during it still runs.
  const passes = coalescedRun(() => pass().catch(warnPassFailed), { stopped: () => stopped, onError: warnPassFailed });
  /** Runs a pass now, or once more right after the one running. */
  const wake = (): Promise<void> => (stopped ? Promise.resolve() : passes.run());

  /** Newest `createdAt` read so far: new-row reads start a little before it. */
  let newest: number | undefined;
  /** Follows the pending payments read from the table; a new one gets a pass at once. */
  const read = async (full: boolean, late: boolean) => {
    const since = full || newest === undefined ? undefined : new Date(newest - DISCOVERY_OVERLAP_MS);
    let found = 0;
    for (const payment of await sink.listPending(chainId, since && { createdSince: since })) {
      newest = Math.max(newest ?? 0, payment.createdAt.getTime());
      if (follow(payment, late)) found++;
    }
    if (found > 0 && late) void wake();
  };
  /** Reads run one at a time; a wake-up during a read asks for one more read after it. */
  const reads = coalescedRun(() => read(false, true), {
    stopped: () => stopped,
    onError: (err) => log.warn({ err, chainId }, "reading new payments failed; the next read retries"),
  });
  const discover = (): Promise<void> => reads.run();

  await read(true, false);
  const stopListening = await options.wakeups?.((announced) => {
    if (announced === chainId && !stopped) void discover();
  });
  const unwatch =
    options.subscribe === false
      ? undefined
      : watchProxyLogs(
          client,
          proxy,
          {
            onLogs: (logs: Log[]) => {
              if (logs.some((l) => l.removed || (l.topics[1] && byTopic.has(l.topics[1].toLowerCase())))) void wake();
            },
            onError: (err) => log.debug({ err, chainId }, "evm log subscription error; polling continues"),
          },
          { pollingIntervalMs: Math.min(pollMs, 1_000) },
        );
  const pollTimer = setInterval(() => void wake(), pollMs);
  const discoverTimer = setInterval(() => void discover(), discoverMs);
  const resyncTimer = setInterval(() => void read(true, true).catch((err: unknown) => log.warn({ err, chainId }, "pending payments resync failed")), resyncMs);
  for (const timer of [pollTimer, discoverTimer, resyncTimer]) timer.unref();
  void wake();
  log.info({ chainId, proxy, resumed: entries.size }, "evm watcher started");

  return {
    discover,
    pollNow: async () => {
      await passes.current;
      await wake();
    },
    get size() {
      return entries.size;
    },
    stop: async () => {
      stopped = true;
      for (const timer of [pollTimer, discoverTimer, resyncTimer]) clearInterval(timer);
      unwatch?.();
      await stopListening?.().catch(() => {});
      await Promise.allSettled([passes.current, reads.current]);
      entries.clear();
      byTopic.clear();
    },
  };
}
