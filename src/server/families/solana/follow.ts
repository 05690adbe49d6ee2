import type { SolanaRuntime } from "../../chains/runtime";
import { solanaConnection } from "../../chains/solana/connection";
import { paymentSink, withWebhookEnqueue } from "../../jobs/payment-sink";
import { startReceivingScan } from "../../jobs/receiving-account-scan";
import { startSolanaWatcher } from "../../jobs/solana-watcher";
import { watcherAndScan, type FollowContext } from "../port";

/**
 * Solana's leader: the reference watcher (WebSocket subscriptions, polling as fallback), which
 * resumes every pending payment first, and the scan of every receiving token account for money no
 * payment claimed.
 */
export async function followSolana({ chain: solana, env, log, payments, wakeups }: FollowContext<SolanaRuntime>): Promise<() => Promise<void>> {
  const running = await startSolanaWatcher(paymentSink(payments), log, {
    chainId: solana.chainId,
    rpcUrl: solana.rpcUrl,
    wsUrl: solana.wsUrl,
    fallbackRpcUrls: solana.fallbackRpcUrls,
    rpc: solana.rpc,
    pollMs: env.WATCHER_POLL_MS,
    maxPollMs: env.WATCHER_MAX_POLL_MS,
    concurrency: env.WATCHER_CONCURRENCY,
    finalityTimeoutMs: env.FINALITY_TIMEOUT_MS,
    wakeups,
  });
  const scanning = startReceivingScan(
    {
      db: payments.db,
      connection: solanaConnection(solana, "finalized"),
      chainId: solana.chainId,
      mints: Object.values(solana.mints),
      payments: withWebhookEnqueue(payments),
      log,
    },
    env.UNMAPPED_SCAN_MS,
  );
  return watcherAndScan(running, scanning);
}
