/**
 * Runs one task at a time: asked while it runs, it runs once more right after (never two at a
 * time, and a burst of asks costs one extra run, not one per ask). The watchers read new pending
 * payments and make chain passes this way when notifications and timers wake them together.
 */
export interface CoalescedRun {
  /** Starts a run, or asks for one more after the one running; resolves when that run (and any asked for during it) ends. */
  run(): Promise<void>;
  /** The run in progress, if any (a watcher's stop waits for it). */
  readonly current: Promise<void> | undefined;
}

/**
 * `stopped` ends the reruns once the owner stops. A task that throws ends its run (asks made
 * during it are dropped) and goes to `onError`; the returned promise never rejects.
 */
export function coalescedRun(task: () => Promise<void>, options: { stopped: () => boolean; onError: (err: unknown) => void }): CoalescedRun {
  let current: Promise<void> | undefined;
  let again = false;
  return {
    run() {
      if (current) {
        again = true;
        return current;
      }
      current = (async () => {
        try {
          do {
            again = false;
            await task();
          } while (again && !options.stopped());
        } catch (err) {
          options.onError(err);
        } finally {
          current = undefined;
        }
      })();
      return current;
    },
    get current() {
      return current;
    },
  };
}
