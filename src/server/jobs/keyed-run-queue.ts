/**
 * Runs keyed tasks with at most `concurrency` in flight: a key is queued at most once, and a key
 * asked for again while it runs runs once more right after (never two at a time), so a burst of
 * wake-ups for one payment costs one extra run, not one per wake-up.
 */
export interface KeyedRunQueue {
  run(key: string, task: () => Promise<void>): void;
  /** Drops what waits (not what runs). */
  clear(): void;
  /** Resolves once nothing waits or runs. */
  idle(): Promise<void>;
  readonly pending: number;
}

export function keyedRunQueue(concurrency: number, onError: (key: string, err: unknown) => void): KeyedRunQueue {
  if (!(concurrency >= 1)) throw new RangeError("concurrency must be at least 1");
  const waiting = new Map<string, () => Promise<void>>();
  const again = new Map<string, () => Promise<void>>();
  const running = new Set<string>();
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (waiting.size > 0 || running.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const start = (key: string, task: () => Promise<void>) => {
    running.add(key);
    void (async () => {
      try {
        await task();
      } catch (err) {
        onError(key, err);
      } finally {
        running.delete(key);
        const next = again.get(key);
        if (next) {
          again.delete(key);
          waiting.set(key, next);
        }
        pump();
        settleIdle();
      }
    })();
  };

  const pump = () => {
    while (running.size < concurrency && waiting.size > 0) {
      const [key, task] = waiting.entries().next().value as [string, () => Promise<void>];
      waiting.delete(key);
      start(key, task);
    }
  };

  return {
    run(key, task) {
      if (running.has(key)) again.set(key, task);
      else if (!waiting.has(key)) waiting.set(key, task);
      pump();
    },
    clear() {
      waiting.clear();
      again.clear();
      settleIdle();
    },
    idle: () => (waiting.size === 0 && running.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
    get pending() {
      return waiting.size + running.size;
    },
  };
}
