/**
 * Where `/` sends a visitor (issue 28: the welcome page was a dead end). A signed-in merchant
 * (live session, terms accepted) goes to the dashboard; a referral link (`/?r=CODE`) goes on to
 * sign-in with its code; anyone else stays on the landing page, whose Sign in button keeps what
 * /auth reads from the address (`signInFromHome`).
 */
import { isSessionLive, PUBLIC_ROUTE, type CachedSession } from "./access";
import { referralSignInPath } from "./referral";
import { DEFAULT_AFTER_SIGN_IN, keptSignInParams } from "./return-path";

/** The path `/` should replace itself with, or null to show the landing page. */
export function homeRedirect(search: string, user: (CachedSession & { acceptedTerms: boolean }) | null, now: number = Date.now()): string | null {
  if (isSessionLive(user, now) && user.acceptedTerms) return DEFAULT_AFTER_SIGN_IN;
  return referralSignInPath(search);
}

/** The landing page's Sign in link: /auth with the parameters /auth reads (a referral code, `openedInApp`). */
export function signInFromHome(search: string): string {
  const query = keptSignInParams(search).toString();
  return query ? `${PUBLIC_ROUTE}?${query}` : PUBLIC_ROUTE;
}
