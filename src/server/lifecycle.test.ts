import { describe, expect, it } from "vitest";
import { createLifecycle } from "./lifecycle";
import { createLogger } from "./logger";

const log = createLogger("silent");

describe("lifecycle", () => {
  it("stops what started in reverse order, once however often stop is called", async () => {
    const seen: string[] = [];
    const lifecycle = createLifecycle(log);
    await lifecycle.run(async () => {
      await lifecycle.step("a", () => "A", (v) => void seen.push(`stop ${v}`));
      lifecycle.onStop("b", () => void seen.push("stop b"));
      await lifecycle.step("c", async () => "C", async (v) => void seen.push(`stop ${v}`));
    });
    await Promise.all([lifecycle.stop(1_000), lifecycle.stop(1_000)]);
    expect(seen).toEqual(["stop C", "stop b", "stop A"]);
  });

  it("a failed start stops what already started, in reverse, and throws the start's own error", async () => {
    const seen: string[] = [];
    const lifecycle = createLifecycle(log);
    const started = lifecycle.run(async () => {
      await lifecycle.step("a", () => 1, () => void seen.push("stop a"));
      await lifecycle.step("b", () => 2, () => void seen.push("stop b"));
      await lifecycle.step("c", () => Promise.reject(new Error("c cannot start")), () => void seen.push("stop c"));
    });
    await expect(started).rejects.toThrow("c cannot start");
    expect(seen).toEqual(["stop b", "stop a"]);
  });

  it("a stop that fails does not keep the rest from stopping; its error comes out at the end", async () => {
    const seen: string[] = [];
    const lifecycle = createLifecycle(log);
    await lifecycle.step("database", () => 0, () => void seen.push("database closed"));
    lifecycle.onStop("stuck", () => Promise.reject(new Error("stuck")));
    await expect(lifecycle.stop(1_000)).rejects.toThrow("stuck");
    expect(seen).toEqual(["database closed"]);
  });

  it("tells each stop what is left of the budget", async () => {
    const left: number[] = [];
    const lifecycle = createLifecycle(log);
    lifecycle.onStop("second", (at) => void left.push(at.remainingMs()));
    lifecycle.onStop("first", async () => new Promise((r) => setTimeout(r, 50)));
    await lifecycle.stop(1_000);
    expect(left[0]).toBeLessThanOrEqual(960);
    expect(left[0]).toBeGreaterThan(0);
  });
});
