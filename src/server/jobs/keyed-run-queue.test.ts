import { describe, expect, it } from "vitest";
import { keyedRunQueue } from "./keyed-run-queue";

/** A task that records how many tasks (and how many of its key) run with it, and finishes when released. */
function recorder() {
  let inFlight = 0;
  let maxInFlight = 0;
  const perKey = new Map<string, number>();
  let maxPerKey = 0;
  const runs: string[] = [];
  const task = (key: string) => async () => {
    inFlight++;
    perKey.set(key, (perKey.get(key) ?? 0) + 1);
    maxInFlight = Math.max(maxInFlight, inFlight);
    maxPerKey = Math.max(maxPerKey, perKey.get(key)!);
    runs.push(key);
    await new Promise((r) => setTimeout(r, 2));
    perKey.set(key, perKey.get(key)! - 1);
    inFlight--;
  };
  return { task, runs, stats: () => ({ maxInFlight, maxPerKey }) };
}

describe("keyed run queue", () => {
  it("never runs more than its concurrency at once, however many keys wait", async () => {
    const r = recorder();
    const queue = keyedRunQueue(4, () => {});
    for (let i = 0; i < 100; i++) queue.run(`k${i}`, r.task(`k${i}`));
    await queue.idle();
    expect(r.runs).toHaveLength(100);
    expect(r.stats().maxInFlight).toBe(4);
  });

  it("coalesces a key asked for while it waits, and runs it once more when asked while it runs (never two at a time)", async () => {
    const r = recorder();
    const queue = keyedRunQueue(2, () => {});
    queue.run("a", r.task("a"));
    queue.run("b", r.task("b"));
    queue.run("c", r.task("c")); // waits behind a and b
    queue.run("c", r.task("c")); // already waiting: nothing more
    queue.run("a", r.task("a")); // running: once more after
    queue.run("a", r.task("a")); // still just once more
    await queue.idle();
    expect(r.runs.filter((k) => k === "a")).toHaveLength(2);
    expect(r.runs.filter((k) => k === "c")).toHaveLength(1);
    expect(r.stats().maxPerKey).toBe(1);
  });

  it("reports a failing task and keeps going; clear() drops what waits", async () => {
    const failures: string[] = [];
    const queue = keyedRunQueue(1, (key) => failures.push(key));
    const ran: string[] = [];
    queue.run("bad", async () => {
      throw new Error("boom");
    });
    queue.run("good", async () => void ran.push("good"));
    await queue.idle();
    expect(failures).toEqual(["bad"]);
    expect(ran).toEqual(["good"]);

    queue.run("slow", () => new Promise((r) => setTimeout(r, 5)));
    queue.run("dropped", async () => void ran.push("dropped"));
    queue.clear();
    await queue.idle();
    expect(ran).toEqual(["good"]);
    expect(queue.pending).toBe(0);
  });
});
