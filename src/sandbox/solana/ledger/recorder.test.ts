import { describe, expect, it } from "vitest";
import { Recorder } from "./recorder";
import type { RecordedTransaction } from "./types";

function record(signature: string, slot: number, keys: string[]): Omit<RecordedTransaction, "seq"> {
  return {
    signature,
    slot,
    blockTime: 0,
    err: null,
    version: "legacy",
    transaction: {} as RecordedTransaction["transaction"],
    accountKeys: keys.map((pubkey) => ({ pubkey, signer: false, writable: false, source: "transaction" as const })),
    meta: {} as RecordedTransaction["meta"],
    logs: [],
  };
}

describe("Recorder", () => {
  const recorder = new Recorder();
  recorder.add(record("s1", 1, ["A", "B"]));
  recorder.add(record("s2", 2, ["A"]));
  recorder.add(record("s3", 2, ["B", "A", "A"]));
  recorder.add(record("s4", 5, ["A"]));
  const history = (query: Partial<Parameters<Recorder["history"]>[1]>) =>
    recorder.history("A", { limit: 1000, maxSlot: 99, ...query }).map((r) => r.signature);

  it("indexes every account key once, newest first", () => {
    expect(history({})).toEqual(["s4", "s3", "s2", "s1"]);
    expect(recorder.history("B", { limit: 10, maxSlot: 99 }).map((r) => r.signature)).toEqual(["s3", "s1"]);
  });

  it("pages with limit, before and until, and hides slots past the commitment", () => {
    expect(history({ limit: 2 })).toEqual(["s4", "s3"]);
    expect(history({ before: "s3" })).toEqual(["s2", "s1"]);
    expect(history({ until: "s2" })).toEqual(["s4", "s3"]);
    expect(history({ before: "s4", until: "s1" })).toEqual(["s3", "s2"]);
    expect(history({ maxSlot: 2 })).toEqual(["s3", "s2", "s1"]);
    expect(history({ before: "unknown" })).toEqual([]);
  });

  it("counts transactions through a slot", () => {
    expect(recorder.countThrough(0)).toBe(0);
    expect(recorder.countThrough(2)).toBe(3);
    expect(recorder.countThrough(4)).toBe(3);
    expect(recorder.countThrough(5)).toBe(4);
  });
});
