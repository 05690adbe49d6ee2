import { describe, expect, it } from "vitest";
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
    const storage = memoryStorage();
    const s = createSessionStore(storage, () => now);
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
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(user("2026-11-29T10:00:00Z")) });
    expect(createSessionStore(storage, () => now).$store.get()?._id).toBe("u1");
  });

  it.each([["expired", JSON.stringify(user("2026-11-22T09:00:00Z"))], ["unreadable", "{not json"]])(
    "drops an %s cached session",
    (_label, raw) => {
      const storage = memoryStorage({ [SESSION_STORAGE_KEY]: raw });
      const s = createSessionStore(storage, () => now);
      expect(s.$store.get()).toBeNull();
      expect(storage.data.has(SESSION_STORAGE_KEY)).toBe(false);
    },
  );

  it("works without any storage", () => {
    const s = createSessionStore(undefined, () => now);
    s.signIn(user("2026-11-29T10:00:00Z"));
    expect(s.$signedIn.get()).toBe(true);
  });
});
