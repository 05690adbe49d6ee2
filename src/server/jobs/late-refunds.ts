import { blocksSince, readBlockClock, type BlockClock } from "../chains/evm/blocks-since";
import { DEFAULT_REFUND_LOOKBACK_BLOCKS } from "../chains/evm/find-refund-transfer";
import type { ChainRuntime } from "../chains/runtime";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { confirmLateIfOnChain, evmChain } from "../payments/refund-confirmation";
import { LATE_REFUND_WINDOW_MS } from "../payments/refund-rules";
import { listLateRefunds } from "../payments/refunds";
import { pollDelay } from "./poll-backoff";
import type { Queue } from "./queue";
import { enqueueWebhookEvents } from "./webhooks";

/**
 * The longest wait between two looks for one late refund. Each look searches every block since the
 * refund started, so a longer wait loses nothing but delays the confirmation; ten minutes keeps a
 * week of looking at about a thousand log queries per refund.
 */
export const LATE_REFUND_MAX_RECHECK_MS = 10 * 60_000;

/**
 * When each late refund is next due (in memory: after a restart every one is looked for at once,
 * which loses nothing since each look covers every block since the refund started).
 */
export class LateRefundSchedule {
  private readonly next = new Map<string, number>();

  due(refundId: string, now: Date): boolean {
    return (this.next.get(refundId) ?? 0) <= now.getTime();
  }

  /** Looked for now: the next look after a tenth of the refund's age, between `minMs` and `LATE_REFUND_MAX_RECHECK_MS`. */
  looked(refund: { id: string; createdAt: Date }, now: Date, minMs: number): void {
    const age = now.getTime() - refund.createdAt.getTime();
    this.next.set(refund.id, now.getTime() + pollDelay(age, { minMs, maxMs: LATE_REFUND_MAX_RECHECK_MS }));
  }

  /** Keeps only the refunds still being looked for. */
  keep(refundIds: ReadonlySet<string>): void {
    for (const id of this.next.keys()) if (!refundIds.has(id)) this.next.delete(id);
  }
}

/** Every block since the refund started, and never less than an open refund's lookback (our clock and the chain's may differ). */
function lookbackFor(clock: BlockClock, startedAt: Date): bigint {
  const since = blocksSince(clock, startedAt);
  return since > DEFAULT_REFUND_LOOKBACK_BLOCKS ? since : DEFAULT_REFUND_LOOKBACK_BLOCKS;
}

export interface LateRefundDeps {
  db: Db;
  chains: ChainRuntime;
  queue?: Queue;
  log: Logger;
  now: Date;
  /** Without one, every late refund is looked for on every pass. */
  schedule?: LateRefundSchedule;
  /** The shortest wait between two looks for one refund (the watcher's period). */
  minRecheckMs?: number;
}

/**
 * One pass over the failed refunds of one EVM chain that may still land (LATE_REFUND_WINDOW_MS):
 * a transfer the chain now shows confirms its refund, with `payment.refunded`, even when the
 * amount was refunded again meanwhile; that over-refund is logged as a warning and stays visible
 * as a refunded total above what was received. Answers how many it confirmed.
 * @throws {EvmChainError} when the chain's head cannot be read (each refund's own lookup failing is logged and retried).
 */
export async function watchLateRefundsOnce(deps: LateRefundDeps, chainId: number): Promise<number> {
  const evm = evmChain(deps.chains, chainId);
  if (!evm) return 0;
  const late = await listLateRefunds(deps.db, chainId, new Date(deps.now.getTime() - LATE_REFUND_WINDOW_MS));
  deps.schedule?.keep(new Set(late.map((r) => r.id)));
  const due = late.filter((r) => deps.schedule?.due(r.id, deps.now) ?? true);
  if (due.length === 0) return 0;
  const clock: BlockClock = await readBlockClock(evm.client);
  let confirmed = 0;
  for (const refund of due) {
    deps.schedule?.looked(refund, deps.now, deps.minRecheckMs ?? 0);
    try {
      const done = await confirmLateIfOnChain(deps.db, deps.chains, refund, deps.now, lookbackFor(clock, refund.createdAt));
      if (!done) continue;
      confirmed++;
      await enqueueWebhookEvents(deps.queue, done.eventIds, deps.log);
      const facts = { refundId: refund.id, chainId, paymentId: refund.transactionId, unmappedId: refund.unmappedId, hash: done.hash };
      if (done.overRefunded > 0n) {
        deps.log.warn({ ...facts, overRefunded: done.overRefunded.toString() }, "a refund that had failed landed after all: the payer got more back than was received");
      } else {
        deps.log.info(facts, "a refund that had failed landed after all; confirmed");
      }
    } catch (err) {
      deps.log.warn({ err, refundId: refund.id, chainId }, "could not look for a late refund on chain; a later pass retries");
    }
  }
  return confirmed;
}
