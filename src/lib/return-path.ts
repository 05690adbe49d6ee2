/**
 * Where /auth sends a merchant once signed in: back to the page that sent them there (`?next=`),
 * or the dashboard. `next` comes from the address bar, so anyone can write it into a link: only a
 * path on this site is followed, never another site (an open redirect would lend our sign-in
 * page to phishing) nor a `javascript:` address.
 */
import { PUBLIC_ROUTE } from "./access";

/** The query parameter /auth reads. */
export const RETURN_PARAM = "next";
/** Where a sign-in goes without a usable `next`. */
export const DEFAULT_AFTER_SIGN_IN = "/dashboard";

/** A made-up origin to resolve against: whatever resolves elsewhere named another site. */
const HERE = "https://return-path.invalid";
const MAX_LENGTH = 2048;

/** True for a path a browser would read as another host: `//host` or `/\host` (backslash counts as a slash). */
const namesAHost = (path: string) => /^[/\\][/\\]/.test(path);

/**
 * `raw` as a path on this site ('/settings/security?x=1#y'), or null when it is anything else:
 * missing, absolute (`https://…`, `javascript:`), protocol-relative (`//evil.example`,
 * `/\evil.example`), holding control characters or backslashes (which browsers drop or read as
 * slashes before resolving), or the sign-in page itself (which would loop).
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith("/") || namesAHost(raw)) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Resolving can still produce '//host' ('/.//evil.example' → '//evil.example').
  if (namesAHost(path)) return null;
  if (url.pathname === PUBLIC_ROUTE || url.pathname.startsWith(`${PUBLIC_ROUTE}/`)) return null;
  return path;
}

/** Where to go after signing in on /auth with this search string. */
export function afterSignInPath(search: string): string {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM)) ?? DEFAULT_AFTER_SIGN_IN;
}

/** The parameters /auth reads itself (a referral code, `openedInApp=1`): a visit sent there keeps them. */
export const SIGN_IN_PARAMS = ["r", "openedInApp"] as const;

/** The parameters of `search` that /auth reads itself, to carry along to it. */
export function keptSignInParams(search: string): URLSearchParams {
  const from = new URLSearchParams(search);
  const params = new URLSearchParams();
  for (const name of SIGN_IN_PARAMS) {
    const value = from.get(name);
    if (value !== null) params.set(name, value);
  }
  return params;
}

/**
 * Where a visit to `pathname` + `search` goes without a usable session (none, expired, terms not
 * accepted, or ended by the server), or null to stay: every route but /auth (SPEC §2) goes to
 * /auth, told to come back to that very page and search once signed in (`?next=`, only a path on
 * this site, see `safeReturnPath`). The parameters /auth reads itself stay on /auth as well.
 */
export function accessRedirect(pathname: string, search: string): string | null {
  if (pathname === PUBLIC_ROUTE || pathname === `${PUBLIC_ROUTE}/`) return null;
  const params = keptSignInParams(search);
  const back = safeReturnPath(`${pathname}${search}`);
  if (back) params.set(RETURN_PARAM, back);
  const query = params.toString();
  return query ? `${PUBLIC_ROUTE}?${query}` : PUBLIC_ROUTE;
}

/** The sign-in page, told to come back to `path` (the page a merchant is on) once signed in. */
export function signInReturningTo(path: string): string {
  const back = safeReturnPath(path);
  if (!back) return PUBLIC_ROUTE;
  return `${PUBLIC_ROUTE}?${new URLSearchParams({ [RETURN_PARAM]: back }).toString()}`;
}
