import { createPublicClient } from "viem";
import type { PayableEvmChain } from "../../chains/families/evm";
import { evmHttp } from "../../chains/evm/transport";
import { EVM_INFLOW_CURSOR_KEY, startEvmInflowScan } from "../../jobs/evm-inflow-scan";
import { evmLogCursorStore } from "../../jobs/evm-log-cursor";
import { evmPaymentSink } from "../../jobs/evm-payment-sink";
import { startEvmWatcher } from "../../jobs/evm-watcher";
import { withWebhookEnqueue } from "../../jobs/payment-sink";
import { watcherAndScan, type FollowContext } from "../port";

/**
 * An EVM chain's leader: the watcher reading the chain's fee proxy logs from its cursor, and the
 * scan of the accepted tokens' transfers into merchants' addresses for money no payment claimed.
 */
export async function followEvm({ chain: evm, database, env, log, payments, wakeups }: FollowContext<PayableEvmChain>): Promise<() => Promise<void>> {
  const proxy = evm.feeProxy;
  const running = await startEvmWatcher(evmPaymentSink(payments), log, {
    chainId: evm.chainId,
    rpcUrl: evm.rpcUrl,
    fallbackRpcUrls: evm.fallbackRpcUrls,
    rpc: evm.rpc,
    proxy,
    cursor: evmLogCursorStore(database.db, evm.chainId, proxy),
    pollMs: env.WATCHER_POLL_MS,
    finalityDepth: env.EVM_FINALITY_DEPTH,
    finalityTimeoutMs: env.EVM_FINALITY_TIMEOUT_MS,
    wakeups,
  });
  const scanning = startEvmInflowScan(
    {
      db: database.db,
      client: createPublicClient({ transport: evmHttp(evm), cacheTime: 0 }),
      chainId: evm.chainId,
      proxy,
      tokens: Object.values(evm.tokens).map((t) => t.address),
      cursor: evmLogCursorStore(database.db, evm.chainId, EVM_INFLOW_CURSOR_KEY),
      payments: withWebhookEnqueue(payments),
      log,
    },
    env.UNMAPPED_SCAN_MS,
  );
  return watcherAndScan(running, scanning);
}
