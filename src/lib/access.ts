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

/**
 * Where a visit should go instead, or null to stay: without a live session every route but
 * /auth goes to /auth keeping the search string (a referral `?r=` or `openedInApp=1` survives).
 */
export function accessRedirect(pathname: string, search: string, signedIn: boolean): string | null {
  const isAuth = pathname === PUBLIC_ROUTE || pathname === `${PUBLIC_ROUTE}/`;
  if (isAuth || signedIn) return null;
  return `${PUBLIC_ROUTE}${search}`;
}

/** The document title: '{page} - {brand}'. */
export function pageTitle(page: string, brand: string): string {
  return `${page} - ${brand}`;
}
