import { describe, expect, it } from "vitest";
import { setPersistentEngine } from "@nanostores/persistent";
import { createStorageEngine } from "./storage-engine";
import { installMemoryEngine } from "./testing/memory-engine";
import { memoryStorage } from "./testing/memory-storage";
import { SESSION_STORAGE_KEY, createSessionStore, type SessionUser } from "./session";

const now = Date.parse("2026-11-22T10:00:00Z");
const user = (validTill: string): SessionUser => ({
  _id: "u1",
  publicKey: "9xQe",
  email: null,
  acceptedTerms: true,
  referralCode: "ABCD2345",
  token: "tok",
  validTill,
  settings: { permissions: ["quickpay"], rampOnly: false, isOnboarded: false },
});

describe("session store", () => {
  it("persists a sign-in and forgets it on sign-out", () => {
    const { local: storage } = installMemoryEngine();
    const s = createSessionStore(() => now);
    s.signIn(user("2026-11-29T10:00:00Z"));
    expect(s.$signedIn.get()).toBe(true);
    expect(JSON.parse(storage.data.get(SESSION_STORAGE_KEY)!).token).toBe("tok");
    s.update({ acceptedTerms: false });
    expect(JSON.parse(storage.data.get(SESSION_STORAGE_KEY)!).acceptedTerms).toBe(false);
    s.signOut();
    expect(s.$signedIn.get()).toBe(false);
    expect(storage.data.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it("restores a live cached session on the next page", () => {
    installMemoryEngine({ local: memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(user("2026-11-29T10:00:00Z")) }) });
    expect(createSessionStore(() => now).$store.get()?._id).toBe("u1");
  });

  it.each([["expired", JSON.stringify(user("2026-11-22T09:00:00Z"))], ["unreadable", "{not json"]])(
    "drops an %s cached session",
    (_label, raw) => {
      const { local: storage } = installMemoryEngine({ local: memoryStorage({ [SESSION_STORAGE_KEY]: raw }) });
      const s = createSessionStore(() => now);
      expect(s.$store.get()).toBeNull();
      expect(storage.data.has(SESSION_STORAGE_KEY)).toBe(false);
    },
  );

  it("follows a sign-in and a sign-out made in another tab", () => {
    const tabs = installMemoryEngine();
    const s = createSessionStore(() => now);
    const seen: (string | null)[] = [];
    const stop = s.$store.listen((u) => seen.push(u?._id ?? null)); // mounted, as a component would
    tabs.otherTab(SESSION_STORAGE_KEY, JSON.stringify(user("2026-11-29T10:00:00Z")));
    expect(s.$signedIn.get()).toBe(true);
    tabs.otherTab(SESSION_STORAGE_KEY, null);
    expect(s.$store.get()).toBeNull();
    expect(seen).toEqual(["u1", null]);
    stop();
  });

  it("reads an expired or unreadable session written by another tab as signed out", () => {
    const tabs = installMemoryEngine();
    const s = createSessionStore(() => now);
    const stop = s.$store.listen(() => {});
    tabs.otherTab(SESSION_STORAGE_KEY, JSON.stringify(user("2026-11-29T10:00:00Z")));
    tabs.otherTab(SESSION_STORAGE_KEY, "{not json");
    expect(s.$store.get()).toBeNull();
    tabs.otherTab(SESSION_STORAGE_KEY, JSON.stringify(user("2026-11-22T09:00:00Z")));
    expect(s.$signedIn.get()).toBe(false);
    stop();
  });

  it("works without any storage", () => {
    setPersistentEngine(createStorageEngine({}), { addEventListener() {}, removeEventListener() {} });
    const s = createSessionStore(() => now);
    s.signIn(user("2026-11-29T10:00:00Z"));
    expect(s.$signedIn.get()).toBe(true);
  });
});
