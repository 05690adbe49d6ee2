import type { Connection } from "@solana/web3.js";

/** web3.js keeps its PubSub subscriptions here (internal, but stable across the 1.x line). */
type WithSubscriptions = { _subscriptionsByHash?: Record<string, unknown> };

/**
 * Waits until a connection has no PubSub subscription left (every removal answered by the node),
 * for at most `timeoutMs`. Call it after removing a connection's listeners when the node may go
 * away next: web3.js 1.x retries a failed (un)subscribe in a tight loop with no limit, and a node
 * that closes under an unanswered unsubscribe sends it into that loop until the process runs out
 * of memory. Answers whether it settled.
 */
export async function settleSubscriptions(connection: Connection, timeoutMs = 2_000): Promise<boolean> {
  const pending = () => Object.keys((connection as unknown as WithSubscriptions)._subscriptionsByHash ?? {}).length;
  const deadline = Date.now() + timeoutMs;
  while (pending() > 0) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
