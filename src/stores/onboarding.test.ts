import { describe, expect, it } from "vitest";
import { installMemoryEngine } from "./testing/memory-engine";
import { memoryStorage } from "./testing/memory-storage";
import { ONBOARDING_STORAGE_KEY, createOnboardingStore } from "./onboarding";

const stored = (storage: ReturnType<typeof memoryStorage>) => JSON.parse(storage.data.get(ONBOARDING_STORAGE_KEY)!) as unknown;
const withStored = (raw: string) => installMemoryEngine({ local: memoryStorage({ [ONBOARDING_STORAGE_KEY]: raw }) });

describe("onboarding store", () => {
  it("starts as a first-time visitor who has not opted out", () => {
    installMemoryEngine();
    const s = createOnboardingStore();
    expect(s.$store.get()).toEqual({ donotShow: false, firstTime: true });
    expect(s.$shouldShowTour.get()).toBe(true);
  });

  it("persists finishing the tour and the opt-out", () => {
    const { local: storage } = installMemoryEngine();
    const s = createOnboardingStore();
    s.finishTour();
    expect(stored(storage)).toEqual({ donotShow: false, firstTime: false });
    expect(s.$shouldShowTour.get()).toBe(false);
    s.setDoNotShow(true);
    expect(stored(storage)).toEqual({ donotShow: true, firstTime: false });
    s.reset();
    expect(stored(storage)).toEqual({ donotShow: false, firstTime: true });
  });

  it("hides the tour once opted out even on a first visit", () => {
    installMemoryEngine();
    const s = createOnboardingStore();
    s.setDoNotShow(true);
    expect(s.$shouldShowTour.get()).toBe(false);
  });

  it("restores the stored flag on the next page", () => {
    withStored(JSON.stringify({ donotShow: true, firstTime: false }));
    const s = createOnboardingStore();
    expect(s.$store.get()).toEqual({ donotShow: true, firstTime: false });
    expect(s.$shouldShowTour.get()).toBe(false);
  });

  it.each([
    ["unreadable JSON", "{not json"],
    ["a non-object", "42"],
    ["null", "null"],
    ["wrong field types", JSON.stringify({ donotShow: "yes", firstTime: 0 })],
  ])("falls back to the defaults for %s", (_label, raw) => {
    withStored(raw);
    expect(createOnboardingStore().$store.get()).toEqual({ donotShow: false, firstTime: true });
  });

  it("keeps valid fields of a partly valid value", () => {
    withStored(JSON.stringify({ donotShow: true }));
    expect(createOnboardingStore().$store.get()).toEqual({ donotShow: true, firstTime: true });
  });

  it("follows an opt-out made in another tab, and a corrupt value written there reads as the defaults", () => {
    const tabs = installMemoryEngine();
    const s = createOnboardingStore();
    const stop = s.$shouldShowTour.listen(() => {}); // mounted, as the app shell's tour would be
    tabs.otherTab(ONBOARDING_STORAGE_KEY, JSON.stringify({ donotShow: true, firstTime: true }));
    expect(s.$shouldShowTour.get()).toBe(false);
    tabs.otherTab(ONBOARDING_STORAGE_KEY, "{oops");
    expect(s.$store.get()).toEqual({ donotShow: false, firstTime: true });
    tabs.otherTab(ONBOARDING_STORAGE_KEY, null);
    expect(s.$shouldShowTour.get()).toBe(true);
    stop();
  });
});
