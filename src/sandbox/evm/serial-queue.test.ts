import { describe, expect, it } from "vitest";
import { createSerialQueue } from "./serial-queue";

describe("createSerialQueue", () => {
  it("runs tasks one at a time in call order and hands each caller its own result", async () => {
    const run = createSerialQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, ticks: number) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      for (let i = 0; i < ticks; i++) await Promise.resolve();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([run(task("a", 5)), run(task("b", 1)), run(task("c", 3))]);
    expect(results).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
  });

  it("keeps going after a failed task, which still rejects for its caller", async () => {
    const run = createSerialQueue();
    const failed = run(async () => {
      throw new Error("boom");
    });
    const next = run(async () => "next");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("next");
  });
});
