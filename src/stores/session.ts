import { atom, computed, type WritableAtom } from "nanostores";
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

export const SESSION_STORAGE_KEY = "zpay.session";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked: the session lasts for this page only
  }
}

/** Reads the cached user, dropping one that is malformed or past `validTill`. */
function load(storage: KeyValueStorage | undefined, now: number): SessionUser | null {
  const raw = storage?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser;
    if (isSessionLive(user, now)) return user;
  } catch {
    // fall through: unreadable cache
  }
  storage?.removeItem(SESSION_STORAGE_KEY);
  return null;
}

/** A session store over any storage; the app uses `$session` (localStorage). */
export function createSessionStore(storage: KeyValueStorage | undefined = browserStorage(), now: () => number = Date.now) {
  const $store: WritableAtom<SessionUser | null> = atom(load(storage, now()));
  $store.listen((user) => {
    if (user) storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
    else storage?.removeItem(SESSION_STORAGE_KEY);
  });
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
