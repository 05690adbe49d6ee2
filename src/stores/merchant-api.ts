import { atom } from "nanostores";
import { createApiClient, ApiRequestError, type ApiClient } from "@/lib/api-client";
import { PUBLIC_ROUTE } from "@/lib/access";
import { accessRedirect } from "@/lib/return-path";
import { SESSION_EXPIRED_LOGOUT_MS } from "@/lib/timings";
import { i18next } from "@/i18n/i18n";
import { $session, clearSession } from "./session";
import { showToast } from "./toasts";

let expiring = false;

/**
 * SPEC §8: a 401/403 while signed in shows the expiry toast, then after 2 s clears the token and
 * opens /auth, which comes back to the page the merchant was on (`?next=`, see `accessRedirect`)
 * once signed in again. Runs once however many calls fail together.
 */
export function expireSession(
  goTo: (path: string) => void = (p) => window.location.assign(p),
  here: () => { pathname: string; search: string } = () => window.location,
): void {
  if (expiring) return;
  expiring = true;
  showToast({ message: i18next.t("session.expired", { ns: "common" }), variant: "error" });
  setTimeout(() => {
    clearSession();
    expiring = false;
    const { pathname, search } = here();
    goTo(accessRedirect(pathname, search) ?? PUBLIC_ROUTE);
  }, SESSION_EXPIRED_LOGOUT_MS);
}

/**
 * Set when the server refused a call for a missing permission during this page view: the page's
 * permission may have been withdrawn since the cached session was written. A page that needs a
 * permission then shows the permission screen (a 403 for a permission is not an expired session).
 */
export const $permissionDenied = atom(false);

/**
 * Wraps a client so every session problem while signed in ends the session (see above), and a
 * missing permission is recorded in `$permissionDenied` instead.
 */
export function withSessionExpiry(client: ApiClient, onExpired: () => void = expireSession): ApiClient {
  const guard =
    <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await call(...args);
      } catch (err) {
        if (err instanceof ApiRequestError && err.isPermissionDenied) $permissionDenied.set(true);
        else if (err instanceof ApiRequestError && err.isSessionProblem && $session.get()) onExpired();
        throw err;
      }
    };
  return { get: guard(client.get), post: guard(client.post), put: guard(client.put), delete: guard(client.delete) } as ApiClient;
}

/** The client merchant screens use: the session's bearer token, and expiry handling. */
export const merchantApi: ApiClient = withSessionExpiry(createApiClient({ getToken: () => $session.get()?.token }));
