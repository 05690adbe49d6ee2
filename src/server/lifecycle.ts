import type { Logger } from "./logger";

/** What a stop step may know about the shutdown it runs in: the budget, so late steps still get their share. */
export interface StopContext {
  /** The whole budget (SHUTDOWN_TIMEOUT_MS) and when the teardown began. */
  budgetMs: number;
  startedAt: number;
  /** What is left of the budget now (never below zero). */
  remainingMs(): number;
}

export type StopStep = (context: StopContext) => Promise<void> | void;

/**
 * Steps started in order and stopped in reverse, with one teardown path: the same one runs when a
 * later step fails during start (what already started stops, then the error is thrown again) and
 * when the process stops. A failed stop step is logged and the rest still run, so one stuck part
 * never leaves the database or a child process open; the first such error is thrown at the end.
 */
export interface Lifecycle {
  /** Runs `start`; once it resolves, `stop(value)` joins the teardown (before everything started earlier). */
  step<T>(name: string, start: () => Promise<T> | T, stop: (value: T, context: StopContext) => Promise<void> | void): Promise<T>;
  /** A teardown step with nothing to start (e.g. a pool a route may have opened lazily). */
  onStop(name: string, stop: StopStep): void;
  /** Starts `start`, tearing down everything when it throws; answers what it answered. */
  run<T>(start: () => Promise<T>): Promise<T>;
  /** Stops every started step, latest first, within `budgetMs`; the same promise when called again. */
  stop(budgetMs: number): Promise<void>;
}

export function createLifecycle(log: Logger): Lifecycle {
  const stops: { name: string; stop: StopStep }[] = [];
  let stopping: Promise<void> | undefined;

  const teardown = async (budgetMs: number) => {
    const startedAt = Date.now();
    const context: StopContext = { budgetMs, startedAt, remainingMs: () => Math.max(0, budgetMs - (Date.now() - startedAt)) };
    let firstError: unknown;
    for (const { name, stop } of stops.splice(0).reverse()) {
      try {
        await stop(context);
      } catch (err) {
        log.error({ err, step: name }, "stopping failed; stopping the rest");
        firstError ??= err;
      }
    }
    if (firstError !== undefined) throw firstError;
  };

  const lifecycle: Lifecycle = {
    async step(name, start, stop) {
      const value = await start();
      stops.push({ name, stop: (context) => stop(value, context) });
      return value;
    },
    onStop(name, stop) {
      stops.push({ name, stop });
    },
    async run(start) {
      try {
        return await start();
      } catch (err) {
        // A failed start stops what it started in the same order a stop would; the start's error is the one that matters.
        await lifecycle.stop(FAILED_START_BUDGET_MS).catch(() => {});
        throw err;
      }
    },
    stop: (budgetMs) => (stopping ??= teardown(budgetMs)),
  };
  return lifecycle;
}

/** A start that failed has served no one for long: its teardown gets a short budget. */
const FAILED_START_BUDGET_MS = 2_500;
