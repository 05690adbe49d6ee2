import { persistentAtom } from "@nanostores/persistent";
import "./storage-engine";

/** localStorage key: the merchants (ids) who dismissed the dashboard's next steps on this browser. */
export const NEXT_STEPS_STORAGE_KEY = "zpay.nextStepsDismissed";

/** Reads the stored list; anything malformed reads as nobody having dismissed. */
function decodeDismissed(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Who dismissed the next steps, per merchant: another account signed in on the same browser still
 * gets its own guide. The app uses the exports below; tests make their own store.
 */
export function createNextStepsStore() {
  const $dismissed = persistentAtom<string[]>(NEXT_STEPS_STORAGE_KEY, [], { encode: JSON.stringify, decode: decodeDismissed });
  return {
    $dismissed,
    dismiss: (merchantId: string) => {
      const ids = $dismissed.get();
      if (!ids.includes(merchantId)) $dismissed.set([...ids, merchantId]);
    },
    /** Back to showing the guide (stories; a merchant who wants it again). */
    reset: () => $dismissed.set([]),
  };
}

const store = createNextStepsStore();
/** Merchant ids that dismissed the dashboard's next steps. */
export const $nextStepsDismissed = store.$dismissed;
export const { dismiss: dismissNextSteps, reset: resetNextSteps } = store;
