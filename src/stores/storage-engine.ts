import { setPersistentEngine, windowPersistentEvents, type PersistentEvents, type PersistentStore } from "@nanostores/persistent";

/** The part of the Web Storage API the engine uses (tests pass a Map-backed stand-in). */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Keys that belong to one tab (sessionStorage): the pay page's session must not follow the
 * payer into a second tab paying another link. Every other persistent store uses localStorage.
 */
const sessionKeys = new Set<string>();

/** Registers `key` as one tab's data; call it before creating the store that uses the key. */
export function keepInSessionStorage(key: string): void {
  sessionKeys.add(key);
}

/**
 * The storage @nanostores/persistent reads and writes, as the object with properties it expects:
 * localStorage, except the keys registered with `keepInSessionStorage`. A storage that is blocked
 * (privacy settings) or refuses a write (quota) does not break the store: the value is kept in
 * memory and lasts for this page only.
 */
export function createStorageEngine({ local, session }: { local?: KeyValueStorage; session?: KeyValueStorage }): PersistentStore {
  const inMemory = new Map<string, string>();
  const storageFor = (key: string) => (sessionKeys.has(key) ? session : local);
  const read = (key: string): string | undefined => {
    if (inMemory.has(key)) return inMemory.get(key);
    try {
      return storageFor(key)?.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const write = (key: string, value: string) => {
    try {
      const storage = storageFor(key);
      if (!storage) throw new Error("no storage");
      storage.setItem(key, value);
      inMemory.delete(key);
    } catch {
      inMemory.set(key, value);
    }
  };
  const remove = (key: string) => {
    inMemory.delete(key);
    try {
      storageFor(key)?.removeItem(key);
    } catch {
      // nothing was kept there
    }
  };
  return new Proxy({} as PersistentStore, {
    get: (_target, key) => (typeof key === "string" ? read(key) : undefined),
    has: (_target, key) => typeof key === "string" && read(key) !== undefined,
    set: (_target, key, value) => {
      if (typeof key === "string") write(key, String(value));
      return true;
    },
    deleteProperty: (_target, key) => {
      if (typeof key === "string") remove(key);
      return true;
    },
  });
}

function storageOf(pick: () => Storage): KeyValueStorage | undefined {
  try {
    return pick();
  } catch {
    return undefined; // storage blocked: values last for this page only
  }
}

const noEvents: PersistentEvents = { addEventListener() {}, removeEventListener() {} };

/** Points the persistent stores at the browser's storages; other tabs' changes arrive as `storage` events. */
export function installBrowserStorageEngine(): void {
  const engine = createStorageEngine({ local: storageOf(() => globalThis.localStorage), session: storageOf(() => globalThis.sessionStorage) });
  setPersistentEngine(engine, typeof window === "undefined" ? noEvents : windowPersistentEvents);
}

// Stores import this module before they create their atoms, so the engine is in place first.
installBrowserStorageEngine();
