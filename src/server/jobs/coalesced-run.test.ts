import { describe, expect, it } from "vitest";
import { coalescedRun } from "./coalesced-run";

/** A task that counts its runs and how many overlap, and finishes when the test releases it. */
function gatedTask() {
  let runs = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let release: (() => void)[] = [];
  const task = async () => {
    runs++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise<void>((r) => release.push(r));
    inFlight--;
  };
  const releaseAll = async () => {
    while (release.length === 0) await new Promise((r) => setTimeout(r, 1));
    const waiting = release;
    release = [];
    for (const r of waiting) r();
  };
  return { task, releaseAll, stats: () => ({ runs, maxInFlight }) };
}

describe("coalesced run", () => {
  it("runs once more after the running one however many asks arrive meanwhile, never two at a time", async () => {
    const t = gatedTask();
    const run = coalescedRun(t.task, { stopped: () => false, onError: () => {} });
    const first = run.run();
    const asks = Array.from({ length: 10 }, () => run.run());
    expect(asks.every((p) => p === first)).toBe(true);
    await t.releaseAll();
    await t.releaseAll();
    await Promise.all([first, ...asks]);
    expect(t.stats()).toEqual({ runs: 2, maxInFlight: 1 });
    expect(run.current).toBeUndefined();
  });

  it("exposes the run in progress and starts a fresh one after it ends", async () => {
    const t = gatedTask();
    const run = coalescedRun(t.task, { stopped: () => false, onError: () => {} });
    const first = run.run();
    expect(run.current).toBe(first);
    await t.releaseAll();
    await first;
    const second = run.run();
    expect(second).not.toBe(first);
    await t.releaseAll();
    await second;
    expect(t.stats().runs).toBe(2);
  });

  it("asks no rerun once its owner has stopped", async () => {
    const t = gatedTask();
    let stopped = false;
    const run = coalescedRun(t.task, { stopped: () => stopped, onError: () => {} });
    const first = run.run();
    void run.run();
    stopped = true;
    await t.releaseAll();
    await first;
    expect(t.stats().runs).toBe(1);
  });

  it("hands a failure to onError, resolves, and drops the reruns asked during the failed run", async () => {
    const errors: unknown[] = [];
    let runs = 0;
    let fail!: (err: Error) => void;
    const run = coalescedRun(
      () => {
        runs++;
        return new Promise<void>((_, reject) => (fail = reject));
      },
      { stopped: () => false, onError: (err) => errors.push(err) },
    );
    const first = run.run();
    void run.run();
    fail(new Error("rpc down"));
    await expect(first).resolves.toBeUndefined();
    expect(runs).toBe(1);
    expect(errors).toEqual([new Error("rpc down")]);
  });
});
