import type { ChainRuntime } from "../chains/runtime";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { confirmIfOnChain } from "../payments/refund-confirmation";
import { expireRefund, listOpenRefunds } from "../payments/refunds";
import { LateRefundSchedule, watchLateRefundsOnce } from "./late-refunds";
import type { Queue } from "./queue";
import { enqueueWebhookEvents } from "./webhooks";
import { payableChainIds } from "../chains/families";

/**
 * The lock the refund watcher leads under ('zp' namespace 0x7a70_0013, its own): one process at a
 * time confirms and expires refunds. It must differ from every other zpay lock (migrations
 * 0x7a70_0000, chain watchers 0x7a70_0001, pay starts 0x7a70_0002): a leader holds its lock for
 * as long as it lives, so sharing one would block the other's users forever.
 */
export const REFUND_WATCHER_LOCK_KEY = [0x7a70_0013, 0] as const;

/**
 * How long a refund may stay `requested` (the merchant started it, the wallet never said it sent
 * anything) before it fails and its amount is refundable again. The dialog asks the wallet right
 * after starting, so 30 minutes leaves room for a slow wallet; a Solana transfer signed that late
 * would have outlived its blockhash, and an EVM one is still looked for after it failed, during
 * LATE_REFUND_WINDOW_MS (a signed EVM transaction does not expire).
 */
export const DEFAULT_REFUND_EXPIRY_MS = 30 * 60_000;

export interface RefundWatcherDeps {
  db: Db;
  chains: ChainRuntime;
  queue?: Queue;
  log: Logger;
  expiryMs?: number;
  now?: () => Date;
  /** When each late refund is next looked for; without one, every late refund is looked for on every pass. */
  lateSchedule?: LateRefundSchedule;
  /** The watcher's period: the shortest wait between two looks for one late refund. */
  everyMs?: number;
}

export interface RefundPass {
  looked: number;
  confirmed: number;
  expired: number;
  /** Failed refunds whose transfer landed after all (see LATE_REFUND_WINDOW_MS). */
  lateConfirmed: number;
}


/**
 * One pass over every open refund (requested or sent) of every chain this process runs: a refund
 * whose transfer back the chain shows is confirmed (`payment.refunded` delivered), whether or not
 * the merchant's browser came back to say it sent it; a `requested` one older than `expiryMs`
 * that the chain does not show fails. A chain that cannot be read is skipped (logged) and retried
 * next pass; nothing expires while its chain cannot be asked. Failed EVM refunds are still looked
 * for during LATE_REFUND_WINDOW_MS (see `watchLateRefundsOnce`).
 */
export async function watchRefundsOnce(deps: RefundWatcherDeps): Promise<RefundPass> {
  const pass: RefundPass = { looked: 0, confirmed: 0, expired: 0, lateConfirmed: 0 };
  const now = deps.now?.() ?? new Date();
  const startedBefore = new Date(now.getTime() - (deps.expiryMs ?? DEFAULT_REFUND_EXPIRY_MS));
  // The chains this process can read: a refund on any other chain is left for a process that can.
  for (const chainId of payableChainIds(deps.chains)) {
    for (const refund of await listOpenRefunds(deps.db, chainId)) {
      pass.looked++;
      try {
        const seen = await confirmIfOnChain(deps.db, deps.chains, refund, now);
        if (seen.confirmed) {
          pass.confirmed++;
          await enqueueWebhookEvents(deps.queue, seen.eventIds, deps.log);
          deps.log.info({ refundId: refund.id, chainId }, "refund confirmed on chain by the refund watcher");
          continue;
        }
      } catch (err) {
        deps.log.warn({ err, refundId: refund.id, chainId }, "could not look for a refund on chain; the next pass retries");
        continue;
      }
      if (await expireRefund(deps.db, refund.id, startedBefore)) {
        pass.expired++;
        deps.log.info({ refundId: refund.id, chainId }, "refund expired: nothing was sent for it");
      }
    }
    try {
      pass.lateConfirmed += await watchLateRefundsOnce({ ...deps, now, schedule: deps.lateSchedule, minRecheckMs: deps.everyMs }, chainId);
    } catch (err) {
      deps.log.warn({ err, chainId }, "could not look for late refunds on chain; the next pass retries");
    }
  }
  return pass;
}

/** Runs `watchRefundsOnce` every `everyMs` (one pass at a time); answers how to stop. Run it under a leader lock. */
export function startRefundWatcher(deps: RefundWatcherDeps, everyMs: number): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const passDeps: RefundWatcherDeps = { lateSchedule: new LateRefundSchedule(), everyMs, ...deps };
  const tick = () => {
    if (stopped) return;
    running = running.then(() => (stopped ? undefined : watchRefundsOnce(passDeps))).catch((err: unknown) => deps.log.warn({ err }, "refund watcher pass failed"));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
