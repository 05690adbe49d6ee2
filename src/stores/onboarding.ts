import { computed, type WritableAtom } from "nanostores";
import { persistentAtom } from "@nanostores/persistent";
import "./storage-engine";

/** The locally persisted onboarding flag (SPEC §3): whether the guided tour should open. */
export interface OnboardingState {
  /** The merchant ticked "Don't show again". */
  donotShow: boolean;
  /** No tour has been finished on this browser yet. */
  firstTime: boolean;
}

export const ONBOARDING_STORAGE_KEY = "zpay.onboarding";
export const DEFAULT_ONBOARDING: OnboardingState = { donotShow: false, firstTime: true };

/** Reads the stored flag; anything missing or malformed falls back to the defaults field by field. */
function decodeOnboarding(raw: string | null | undefined): OnboardingState {
  if (!raw) return { ...DEFAULT_ONBOARDING };
  try {
    const parsed: unknown = JSON.parse(raw);
    const value = (parsed && typeof parsed === "object" ? parsed : {}) as Partial<Record<keyof OnboardingState, unknown>>;
    return {
      donotShow: typeof value.donotShow === "boolean" ? value.donotShow : DEFAULT_ONBOARDING.donotShow,
      firstTime: typeof value.firstTime === "boolean" ? value.firstTime : DEFAULT_ONBOARDING.firstTime,
    };
  } catch {
    return { ...DEFAULT_ONBOARDING };
  }
}

/** The onboarding store, persisted in localStorage; the app uses `$onboarding`, tests make their own. */
export function createOnboardingStore() {
  const $store: WritableAtom<OnboardingState> = persistentAtom<OnboardingState>(ONBOARDING_STORAGE_KEY, { ...DEFAULT_ONBOARDING }, {
    encode: JSON.stringify,
    decode: decodeOnboarding,
  });
  return {
    $store,
    /** True while the tour should open by itself: first visit and not opted out. */
    $shouldShowTour: computed($store, (state) => state.firstTime && !state.donotShow),
    /** The tour was completed or closed: do not open it by itself again. */
    finishTour: () => $store.set({ ...$store.get(), firstTime: false }),
    /** The "Don't show again" checkbox. */
    setDoNotShow: (donotShow: boolean) => $store.set({ ...$store.get(), donotShow }),
    /** Back to the defaults (e.g. to replay the tour). */
    reset: () => $store.set({ ...DEFAULT_ONBOARDING }),
  };
}

const onboarding = createOnboardingStore();
/** The persisted onboarding flag {donotShow, firstTime}. */
export const $onboarding = onboarding.$store;
/** Whether the guided tour should open on its own. */
export const $shouldShowTour = onboarding.$shouldShowTour;
export const { finishTour, setDoNotShow, reset: resetOnboarding } = onboarding;
