import type { ChainFamily, FamilyChain } from "../chains/family";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { PaymentSinkDeps } from "../jobs/payment-sink";
import type { Logger } from "../logger";

/** What a family's leader gets to follow one of its chains. */
export interface FollowContext<C extends FamilyChain = FamilyChain> {
  chain: C;
  database: Database;
  env: Env;
  log: Logger;
  /** The payments service's dependencies for a sink: screening, the queue for webhooks after commit, the app origin for e-mails. */
  payments: PaymentSinkDeps;
  /** Calls back when a payment is announced on any chain (LISTEN/NOTIFY); answers how to stop. */
  wakeups: (onNew: (chainId: number) => void) => Promise<() => Promise<void>>;
}

/**
 * A leader's work on one chain as `follow` answers it: the scan stops first (it credits through
 * the same payments the watcher follows), then the watcher.
 */
export function watcherAndScan(watcher: { stop(): Promise<void> }, stopScan: () => Promise<void>): () => Promise<void> {
  return async () => {
    await stopScan();
    await watcher.stop();
  };
}

/**
 * One chain family's port: its pure chain facts (`ChainFamily`, which the lower floors read
 * through `chains/families`) and what it runs on the jobs floor. `startServer` knows no family by
 * name: for every family in `FAMILIES` and every chain it offers, one leader (advisory lock per
 * chain) runs `follow`.
 */
export interface FamilyPort<C extends FamilyChain = FamilyChain> extends ChainFamily<C> {
  /**
   * The leader's work on one chain: its payment watcher and the scan for money no payment
   * claimed. Answers how to stop both.
   */
  follow(context: FollowContext<C>): Promise<() => Promise<void>>;
}
