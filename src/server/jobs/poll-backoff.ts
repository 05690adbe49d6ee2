/**
 * How long the watcher waits before polling a payment again: every `minMs` while it is young
 * (a payer usually pays within a minute or two), then a tenth of its age, capped at `maxMs` — so
 * a payment left open for an hour costs about one call a minute instead of thirty. WebSocket
 * notifications still wake any payment at once; polling only covers what a socket missed.
 */
export function pollDelay(ageMs: number, options: { minMs: number; maxMs: number }): number {
  const { minMs, maxMs } = options;
  return Math.min(Math.max(minMs, Math.max(0, ageMs) / 10), Math.max(minMs, maxMs));
}
