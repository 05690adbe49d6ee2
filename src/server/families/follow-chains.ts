import type { ChainRuntime } from "../chains/runtime";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { holdLeadership, watcherLockKey, type Leadership } from "../jobs/leader-lock";
import type { PaymentSinkDeps } from "../jobs/payment-sink";
import { listenForNewPayments } from "../jobs/payment-wakeups";
import type { Logger } from "../logger";
import { families } from "./index";

export interface FollowChainsDeps {
  env: Env;
  log: Logger;
  database: Database;
  chains: ChainRuntime;
  /** The payments service's dependencies every family's sink is built on (screening, queue, app origin). */
  payments: PaymentSinkDeps;
}

/**
 * For every family and every chain it offers, one leader (advisory lock per chain; any process
 * serves routes) runs the family's `follow`: its watcher, which resumes every pending payment
 * first (nothing confirmed while no watcher ran is missed), and its scan for unclaimed money.
 * Answers the leaderships, in start order, each to stop.
 */
export function followChains({ env, log, database, chains, payments }: FollowChainsDeps): { name: string; leadership: Leadership }[] {
  return families().flatMap((family) =>
    family.chains(chains).map((chain) => {
      const name = `${family.name}-watcher:${chain.chainId}`;
      const leadership = holdLeadership(
        database,
        () => family.follow({ chain, database, env, log, payments, wakeups: (onNew) => listenForNewPayments(database, onNew) }),
        { key: watcherLockKey(chain.chainId), retryMs: env.WATCHER_LEADER_RETRY_MS, log, name },
      );
      return { name, leadership };
    }),
  );
}
