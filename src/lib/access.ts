/** SPEC §2 access rules, shared by every page shell. */

/** The only route reachable without a session. */
export const PUBLIC_ROUTE = "/auth";

export interface CachedSession {
  token: string;
  /** ISO time the server gave as `validTill`. */
  validTill: string;
}

/** A cached session counts only until its `validTill` (SPEC §3: dropped when expired). */
export function isSessionLive(session: CachedSession | null | undefined, now: number = Date.now()): session is CachedSession {
  if (!session?.token) return false;
  const till = Date.parse(session.validTill);
  return Number.isFinite(till) && till > now;
}

/** The document title: '{page} - {brand}'. */
export function pageTitle(page: string, brand: string): string {
  return `${page} - ${brand}`;
}
