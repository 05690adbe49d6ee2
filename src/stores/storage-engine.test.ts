import { describe, expect, it } from "vitest";
import { createStorageEngine, keepInSessionStorage } from "./storage-engine";
import { memoryStorage } from "./testing/memory-storage";

const refusing = () => ({
  getItem: () => null,
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
});

describe("persistent stores' storage engine", () => {
  it("keeps keys in localStorage, and the keys registered as one tab's in sessionStorage", () => {
    const local = memoryStorage();
    const session = memoryStorage();
    keepInSessionStorage("test.tab-only");
    const engine = createStorageEngine({ local, session });
    engine["test.shared"] = "a";
    engine["test.tab-only"] = "b";
    expect([...local.data]).toEqual([["test.shared", "a"]]);
    expect([...session.data]).toEqual([["test.tab-only", "b"]]);
    expect(engine["test.tab-only"]).toBe("b");
    expect("test.shared" in engine).toBe(true);
    delete engine["test.shared"];
    expect("test.shared" in engine).toBe(false);
    expect(engine["test.shared"]).toBeUndefined();
  });

  it("keeps a value in memory for this page when storage refuses it, and forgets it on removal", () => {
    const engine = createStorageEngine({ local: refusing() });
    engine["test.key"] = "kept";
    expect(engine["test.key"]).toBe("kept");
    delete engine["test.key"];
    expect("test.key" in engine).toBe(false);
  });

  it("works in memory when storage is blocked altogether", () => {
    const engine = createStorageEngine({});
    expect("test.key" in engine).toBe(false);
    engine["test.key"] = "v";
    expect(engine["test.key"]).toBe("v");
  });

  it("reads nothing from a storage whose reads throw", () => {
    const engine = createStorageEngine({
      local: {
        ...refusing(),
        getItem: () => {
          throw new Error("SecurityError");
        },
      },
    });
    expect(engine["test.key"]).toBeUndefined();
  });
});
