import { describe, expect, it } from "vitest";
import { memoryStorage } from "./testing/memory-storage";
import { ONBOARDING_STORAGE_KEY, createOnboardingStore } from "./onboarding";

const stored = (storage: ReturnType<typeof memoryStorage>) => JSON.parse(storage.data.get(ONBOARDING_STORAGE_KEY)!) as unknown;

describe("onboarding store", () => {
  it("starts as a first-time visitor who has not opted out", () => {
    const s = createOnboardingStore(memoryStorage());
    expect(s.$store.get()).toEqual({ donotShow: false, firstTime: true });
    expect(s.$shouldShowTour.get()).toBe(true);
  });

  it("persists finishing the tour and the opt-out", () => {
    const storage = memoryStorage();
    const s = createOnboardingStore(storage);
    s.finishTour();
    expect(stored(storage)).toEqual({ donotShow: false, firstTime: false });
    expect(s.$shouldShowTour.get()).toBe(false);
    s.setDoNotShow(true);
    expect(stored(storage)).toEqual({ donotShow: true, firstTime: false });
    s.reset();
    expect(stored(storage)).toEqual({ donotShow: false, firstTime: true });
  });

  it("hides the tour once opted out even on a first visit", () => {
    const s = createOnboardingStore(memoryStorage());
    s.setDoNotShow(true);
    expect(s.$shouldShowTour.get()).toBe(false);
  });

  it("restores the stored flag on the next page", () => {
    const storage = memoryStorage({ [ONBOARDING_STORAGE_KEY]: JSON.stringify({ donotShow: true, firstTime: false }) });
    const s = createOnboardingStore(storage);
    expect(s.$store.get()).toEqual({ donotShow: true, firstTime: false });
    expect(s.$shouldShowTour.get()).toBe(false);
  });

  it.each([
    ["unreadable JSON", "{not json"],
    ["a non-object", "42"],
    ["null", "null"],
    ["wrong field types", JSON.stringify({ donotShow: "yes", firstTime: 0 })],
  ])("falls back to the defaults for %s", (_label, raw) => {
    const s = createOnboardingStore(memoryStorage({ [ONBOARDING_STORAGE_KEY]: raw }));
    expect(s.$store.get()).toEqual({ donotShow: false, firstTime: true });
  });

  it("keeps valid fields of a partly valid value", () => {
    const s = createOnboardingStore(memoryStorage({ [ONBOARDING_STORAGE_KEY]: JSON.stringify({ donotShow: true }) }));
    expect(s.$store.get()).toEqual({ donotShow: true, firstTime: true });
  });

  it("works without storage and survives a throwing one", () => {
    const s = createOnboardingStore(undefined);
    s.finishTour();
    expect(s.$store.get().firstTime).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("quota");
      },
    };
    const t = createOnboardingStore(throwing);
    expect(t.$store.get()).toEqual({ donotShow: false, firstTime: true });
    t.setDoNotShow(true);
    expect(t.$shouldShowTour.get()).toBe(false);
  });
});
