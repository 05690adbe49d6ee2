import { persistentAtom } from "@nanostores/persistent";
import "./storage-engine";

/** localStorage key; AppLayout.astro's inline script reads it before first paint too. */
export const ZRAMP_OFFERED_STORAGE_KEY = "zpay.zrampOffered";

/**
 * Whether the running server offers zRamp (a provider is configured), as `GET /api/session` last
 * said: 'yes', 'no', or '' before it ever has (the menu then shows the item, as it always did).
 * Kept across pages so the next page's menu paints right at once.
 */
export const $zrampOffered = persistentAtom<"yes" | "no" | "">(ZRAMP_OFFERED_STORAGE_KEY, "", {
  encode: (value) => value,
  decode: (raw) => (raw === "yes" || raw === "no" ? raw : ""),
});

export function setZrampOffered(offered: unknown): void {
  if (typeof offered === "boolean") $zrampOffered.set(offered ? "yes" : "no");
}
