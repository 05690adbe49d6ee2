import { computed, type WritableAtom } from "nanostores";
import { persistentAtom } from "@nanostores/persistent";
import "./storage-engine";
import { isSessionLive, type CachedSession } from "@/lib/access";

/** What the browser keeps of the signed-in merchant (SPEC §3: user cached locally). */
export interface SessionUser extends CachedSession {
  _id: string;
  publicKey: string;
  email: string | null;
  acceptedTerms: boolean;
  referralCode: string;
  settings: { permissions: string[]; rampOnly: boolean; isOnboarded: boolean };
  /** The fiat the merchant bills in (SPEC §3, default USD); absent in caches older than it. */
  billingCurrency?: string;
}

/** localStorage key of the cached user (JSON); AppLayout.astro's inline script reads it too. */
export const SESSION_STORAGE_KEY = "zpay.session";

/** Reads the cached user; one that is malformed or past `validTill` reads as signed out. */
function decodeSession(raw: string | null | undefined, now: number): SessionUser | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    return isSessionLive(user, now) ? user : null;
  } catch {
    return null;
  }
}

/**
 * The session store, persisted in localStorage: a sign-in or sign-out in another tab reaches
 * this one too. The app uses `$session`; tests make their own after installing an engine.
 */
export function createSessionStore(now: () => number = Date.now) {
  const $store: WritableAtom<SessionUser | null> = persistentAtom<SessionUser | null>(SESSION_STORAGE_KEY, null, {
    encode: (user) => (user ? JSON.stringify(user) : undefined), // undefined removes the key
    decode: (raw) => decodeSession(raw, now()),
  });
  // An unreadable or expired cache is forgotten at once, not only at the next sign-in.
  if ($store.get() === null) $store.set(null);
  return {
    $store,
    /** True while a cached session is unexpired. */
    $signedIn: computed($store, (user) => isSessionLive(user, now())),
    signIn: (user: SessionUser) => $store.set(user),
    update: (patch: Partial<SessionUser>) => {
      const user = $store.get();
      if (user) $store.set({ ...user, ...patch });
    },
    signOut: () => $store.set(null),
  };
}

const session = createSessionStore();
/** The signed-in merchant, or null. */
export const $session = session.$store;
/** Whether a live session exists. */
export const $signedIn = session.$signedIn;
export const { signIn: setSession, update: updateSession, signOut: clearSession } = session;

/**
 * Forgets the cached session for the pages that come next, leaving this page's store as it is:
 * for a page navigating away to sign in again. Clearing the store instead would make this page's
 * session guard send it to /auth on its own, cancelling the navigation already under way.
 */
export function forgetSessionForNextPage(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
}
