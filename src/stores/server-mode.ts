import { persistentAtom } from "@nanostores/persistent";
import "./storage-engine";
import { isServerMode, type ServerMode } from "@/lib/server-mode";

/** localStorage key; AppLayout.astro's inline script reads it before first paint too. */
export const SERVER_MODE_STORAGE_KEY = "zpay.serverMode";

/**
 * The running server's mode as it last said (`GET /api/session`), or '' before it ever has.
 * Kept across pages so the next page paints right at once.
 */
export const $serverMode = persistentAtom<ServerMode | "">(SERVER_MODE_STORAGE_KEY, "", {
  encode: (mode) => mode,
  decode: (raw) => (isServerMode(raw) ? raw : ""),
});

export function setServerMode(mode: unknown): void {
  if (isServerMode(mode)) $serverMode.set(mode);
}
