/** SPEC §9: how many times a remembered EVM wallet is reconnected before the page gives up. */
export const WALLET_RECONNECT_RETRIES = 5;

/** SPEC §4: the browser wallet's "disconnected, reconnecting by itself" code (MetaMask emits it when its node link drops). */
export const WALLET_RECONNECTING_CODE = 1013;

/** Wait before the next reconnect attempt: 0.5 s, 1 s, 2 s, 4 s, capped at 4 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** Math.max(0, attempt - 1), 4000);
}

/**
 * Counts reconnect attempts of a remembered wallet (SPEC §4): a failed attempt uses one of the
 * five retries, a successful one or the wallet's own 1013 "reconnecting" disconnect gives them
 * all back. Pure: the container runs the attempts and the timers.
 */
export function createReconnectPolicy(max = WALLET_RECONNECT_RETRIES) {
  let failures = 0;
  return {
    /** Attempts that failed since the last success or reset. */
    get failures() {
      return failures;
    },
    /** Whether another attempt may run now. */
    canRetry(): boolean {
      return failures < max;
    },
    /** An attempt failed; true when another one may follow. */
    failed(): boolean {
      failures = Math.min(failures + 1, max);
      return failures < max;
    },
    /** Connected: the count starts over. */
    succeeded(): void {
      failures = 0;
    },
    /** The wallet's provider disconnected with `code`: 1013 means it is reconnecting itself, so the count starts over. */
    providerDisconnected(code: unknown): boolean {
      if (code !== WALLET_RECONNECTING_CODE) return false;
      failures = 0;
      return true;
    },
  };
}

export type ReconnectPolicy = ReturnType<typeof createReconnectPolicy>;
