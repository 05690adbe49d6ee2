import type { Logger } from "../logger";
import { chainReachable, watcherLag } from "../metrics";

/** How often a chain that stays unreachable is logged again (the first failure is logged at once). */
export const UNREACHABLE_LOG_EVERY_MS = 60_000;

export interface ChainHealth {
  chainId: number;
  reachable: boolean;
  /** When the last call answered / failed (ms since the epoch); null before any. */
  lastOkAt: number | null;
  lastErrorAt: number | null;
  lastError: string | null;
  /** Failed calls in a row since the last answer. */
  failures: number;
  /** When the chain became unreachable; null while reachable. */
  downSince: number | null;
}

interface Entry extends ChainHealth {
  loggedAt: number;
  /** When this process's watcher last read the chain successfully. */
  watchedAt?: number;
}

/**
 * What this process knows of each chain's node, from the RPC calls it makes (rpc-fetch reports
 * every one): reachable or not, since when. It logs once when a chain becomes unreachable, then at
 * most every UNREACHABLE_LOG_EVERY_MS while it stays so, and once when it answers again — never a
 * line per failed call (a watcher retries many times a minute). Readiness and /metrics read it.
 */
export class ChainHealthBoard {
  private readonly chains = new Map<number, Entry>();
  private log: Logger | undefined;
  private readonly recoveryListeners = new Set<(chainId: number) => void>();
  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Calls `listener` each time a chain answers again after failing: a watcher then looks at once
   * for what its socket missed meanwhile instead of waiting for its next slow poll. Answers the
   * unsubscribe function.
   */
  onRecovered(listener: (chainId: number) => void): () => void {
    this.recoveryListeners.add(listener);
    return () => this.recoveryListeners.delete(listener);
  }

  /** Where state changes are logged; until set (tests, scripts) nothing is. */
  useLogger(log: Logger): void {
    this.log = log;
  }

  private entry(chainId: number): Entry {
    let e = this.chains.get(chainId);
    if (!e) {
      e = { chainId, reachable: true, lastOkAt: null, lastErrorAt: null, lastError: null, failures: 0, downSince: null, loggedAt: 0 };
      this.chains.set(chainId, e);
    }
    return e;
  }

  answered(chainId: number): void {
    const e = this.entry(chainId);
    const at = this.now();
    const recovered = !e.reachable && e.downSince !== null;
    if (recovered) {
      this.log?.info({ chainId, downForMs: at - e.downSince!, failures: e.failures }, "chain reachable again");
    }
    e.reachable = true;
    e.lastOkAt = at;
    e.failures = 0;
    e.downSince = null;
    chainReachable.set({ chain: String(chainId) }, 1);
    if (recovered) for (const listener of this.recoveryListeners) listener(chainId);
  }

  failed(chainId: number, error: string): void {
    const e = this.entry(chainId);
    const at = this.now();
    e.failures += 1;
    e.lastErrorAt = at;
    e.lastError = error;
    if (e.reachable) {
      e.reachable = false;
      e.downSince = at;
      e.loggedAt = at;
      this.log?.warn({ chainId, error }, "chain unreachable: its RPC calls fail or time out");
    } else if (at - e.loggedAt >= UNREACHABLE_LOG_EVERY_MS) {
      e.loggedAt = at;
      this.log?.warn({ chainId, error, failures: e.failures, downForMs: at - (e.downSince ?? at) }, "chain still unreachable");
    }
    chainReachable.set({ chain: String(chainId) }, 0);
  }

  /** A watcher's pass over its chain succeeded (the lag metric counts from here). */
  watched(chainId: number): void {
    watcherLag.set({ chain: String(chainId) }, 0);
    this.entry(chainId).watchedAt = this.now();
  }

  snapshot(): ChainHealth[] {
    const at = this.now();
    for (const e of this.chains.values()) if (e.watchedAt !== undefined) watcherLag.set({ chain: String(e.chainId) }, (at - e.watchedAt) / 1000);
    return [...this.chains.values()].map(({ loggedAt: _l, watchedAt: _w, ...health }) => health);
  }
}

/** The process's board: every chain client reports to it. */
export const chainHealth = new ChainHealthBoard();
