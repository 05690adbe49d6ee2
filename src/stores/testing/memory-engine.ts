import { setPersistentEngine, type PersistentEvent, type PersistentListener } from "@nanostores/persistent";
import { createStorageEngine } from "../storage-engine";
import { memoryStorage } from "./memory-storage";

/**
 * Points the persistent stores at two in-memory storages (local and session) for a test, with a
 * hand for another tab: `otherTab` changes localStorage and fires the `storage` event a browser
 * would. Call it before creating the stores under test.
 */
export function installMemoryEngine({ local = memoryStorage(), session = memoryStorage() } = {}) {
  const listeners = new Set<PersistentListener>();
  setPersistentEngine(createStorageEngine({ local, session }), {
    addEventListener: (_key, listener) => void listeners.add(listener),
    removeEventListener: (_key, listener) => void listeners.delete(listener),
  });
  return {
    local,
    session,
    /** Another tab sets (or, with null, removes) `key` in localStorage. */
    otherTab(key: string, value: string | null) {
      if (value === null) local.removeItem(key);
      else local.setItem(key, value);
      // A browser's StorageEvent carries null for a removed key; the library's type says string.
      for (const listener of listeners) listener({ key, newValue: value } as PersistentEvent);
    },
  };
}
