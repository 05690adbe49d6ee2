import type { Address, Log, PublicClient } from "viem";
import { feeProxyAbi } from "./fee-proxy-abi";

/**
 * Calls `onLogs` as the node reports new `TransferWithReferenceAndFee` logs of the proxy: an
 * `eth_subscribe` over a WebSocket client, a log filter polled every `pollingIntervalMs` over HTTP
 * (viem falls back to `eth_getLogs` when the node keeps no filters). Logs a reorganization removed
 * come with `removed: true`. Answers how to stop.
 */
export function watchProxyLogs(
  client: PublicClient,
  proxy: Address,
  handlers: { onLogs: (logs: Log[]) => void; onError: (error: Error) => void },
  { pollingIntervalMs }: { pollingIntervalMs: number },
): () => void {
  return client.watchEvent({
    address: proxy,
    event: feeProxyAbi[0],
    onLogs: (logs) => handlers.onLogs(logs as Log[]),
    onError: handlers.onError,
    pollingInterval: pollingIntervalMs,
  });
}
