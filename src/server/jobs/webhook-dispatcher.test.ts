import { describe, expect, it } from "vitest";
import { WebhookDispatcher, type WebhookTask } from "./webhook-dispatcher";

/** A dispatcher whose deliveries finish only when the test says so. */
function controlled(limits: { perMerchant: number; total: number; backlogPerMerchant?: number }) {
  const started: WebhookTask[] = [];
  const finish = new Map<string, () => void>();
  const dispatcher = new WebhookDispatcher(
    (task) =>
      new Promise<void>((resolve) => {
        started.push(task);
        finish.set(task.eventId, resolve);
      }),
    limits,
  );
  const done = async (eventId: string) => {
    finish.get(eventId)!();
    await new Promise((r) => setImmediate(r));
  };
  return { dispatcher, started, done };
}

const task = (userId: string, n: number): WebhookTask => ({ eventId: `${userId}-${n}`, userId });

describe("WebhookDispatcher", () => {
  it("keeps one merchant to its cap while others take turns", async () => {
    const { dispatcher, started, done } = controlled({ perMerchant: 2, total: 4 });
    for (let i = 0; i < 5; i++) dispatcher.offer(task("a", i));
    dispatcher.offer(task("b", 0));
    dispatcher.offer(task("c", 0));
    expect(started.map((t) => t.eventId)).toEqual(["a-0", "a-1", "b-0", "c-0"]);
    expect(dispatcher.inFlight("a")).toBe(2);
    await done("b-0");
    // B is done, but A is at its cap and nobody else waits: the free slot stays free.
    expect(started).toHaveLength(4);
    await done("a-0");
    expect(started.map((t) => t.eventId).slice(4)).toEqual(["a-2"]);
  });

  it("never sends one event twice at once, whoever offers it", async () => {
    const { dispatcher, started, done } = controlled({ perMerchant: 2, total: 4 });
    dispatcher.offer(task("a", 0));
    dispatcher.offer(task("a", 0));
    expect(started).toHaveLength(1);
    await done("a-0");
    dispatcher.offer(task("a", 0));
    expect(started).toHaveLength(2);
  });

  it("keeps at most its backlog per merchant (the sweeper offers the rest later) and reports idle", async () => {
    const { dispatcher, started, done } = controlled({ perMerchant: 1, total: 1, backlogPerMerchant: 2 });
    for (let i = 0; i < 5; i++) dispatcher.offer(task("a", i));
    const idle = dispatcher.idle();
    await done("a-0");
    await done("a-1");
    await done("a-2");
    await idle;
    expect(started.map((t) => t.eventId)).toEqual(["a-0", "a-1", "a-2"]);
  });
});
