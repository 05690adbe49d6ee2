import { describe, expect, it } from "vitest";
import { installMemoryEngine } from "./testing/memory-engine";
import { memoryStorage } from "./testing/memory-storage";
import { NEXT_STEPS_STORAGE_KEY, createNextStepsStore } from "./next-steps";

describe("next steps dismissal store", () => {
  it("remembers who dismissed, once per merchant, and leaves other merchants their guide", () => {
    const { local: storage } = installMemoryEngine();
    const s = createNextStepsStore();
    expect(s.$dismissed.get()).toEqual([]);
    s.dismiss("merchant-a");
    s.dismiss("merchant-a");
    expect(JSON.parse(storage.data.get(NEXT_STEPS_STORAGE_KEY)!)).toEqual(["merchant-a"]);
    expect(s.$dismissed.get()).not.toContain("merchant-b");
    s.reset();
    expect(s.$dismissed.get()).toEqual([]);
  });

  it("restores the list on the next page and reads anything malformed as nobody", () => {
    installMemoryEngine({ local: memoryStorage({ [NEXT_STEPS_STORAGE_KEY]: JSON.stringify(["merchant-a", 3]) }) });
    expect(createNextStepsStore().$dismissed.get()).toEqual(["merchant-a"]);
    installMemoryEngine({ local: memoryStorage({ [NEXT_STEPS_STORAGE_KEY]: "{not json" }) });
    expect(createNextStepsStore().$dismissed.get()).toEqual([]);
  });
});
