import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/i18n/i18n";
import { bundledResources } from "@/i18n/bundled";
import { createApiClient } from "@/lib/api-client";
import { $session, clearSession, setSession, type SessionUser } from "./session";
import { $toasts, clearToasts } from "./toasts";
import { $permissionDenied, expireSession, withSessionExpiry } from "./merchant-api";

const user: SessionUser = {
  _id: "u1",
  publicKey: "k",
  email: null,
  acceptedTerms: true,
  referralCode: "ABCD2345",
  token: "tok",
  validTill: new Date(Date.now() + 3600_000).toISOString(),
  settings: { permissions: [], rampOnly: false, isOnboarded: false },
};
const answering = (status: number) => createApiClient({ fetch: async () => new Response(JSON.stringify({ message: "x" }), { status }) });

beforeAll(() => initI18n({ resources: bundledResources, lng: "en" }));

afterEach(() => {
  clearSession();
  clearToasts();
  vi.useRealTimers();
});

describe("session expiry", () => {
  it.each([401, 403])("a %i while signed in ends the session", async (status) => {
    setSession(user);
    const onExpired = vi.fn();
    await expect(withSessionExpiry(answering(status), onExpired).get("/x")).rejects.toMatchObject({ status });
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it("a 403 for a missing permission keeps the session and marks the page as not permitted", async () => {
    setSession(user);
    $permissionDenied.set(false);
    const onExpired = vi.fn();
    const api = createApiClient({
      fetch: async () => new Response(JSON.stringify({ message: "No access", code: "permission_denied" }), { status: 403 }),
    });
    await expect(withSessionExpiry(api, onExpired).get("/quick-pays")).rejects.toMatchObject({ status: 403, isPermissionDenied: true });
    expect(onExpired).not.toHaveBeenCalled();
    expect($permissionDenied.get()).toBe(true);
    expect($session.get()).not.toBeNull();
  });

  it("other failures, or a 401 while signed out, do not", async () => {
    const onExpired = vi.fn();
    setSession(user);
    await expect(withSessionExpiry(answering(500), onExpired).get("/x")).rejects.toMatchObject({ status: 500 });
    clearSession();
    await expect(withSessionExpiry(answering(401), onExpired).get("/x")).rejects.toMatchObject({ status: 401 });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it("a 401 asking for a fresh sign-in keeps the session (the screen shows the server's message)", async () => {
    setSession(user);
    const onExpired = vi.fn();
    const api = createApiClient({
      fetch: async () => new Response(JSON.stringify({ message: "Please sign in again", code: "fresh_sign_in_required" }), { status: 401 }),
    });
    await expect(withSessionExpiry(api, onExpired).post("/wallet/networks", {})).rejects.toMatchObject({ message: "Please sign in again" });
    expect(onExpired).not.toHaveBeenCalled();
    expect($session.get()).not.toBeNull();
  });

  it("shows the expiry toast, then after 2 s clears the session and opens /auth, once, coming back to the page", () => {
    vi.useFakeTimers();
    setSession(user);
    const goTo = vi.fn();
    const here = () => ({ pathname: "/transactions", search: "?txStatus=paid" });
    expireSession(goTo, here);
    expireSession(goTo, here);
    expect($toasts.get().map((t) => t.message)).toEqual(["Current logged-in session has expired, please login again"]);
    vi.advanceTimersByTime(1999);
    expect($session.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($session.get()).toBeNull();
    expect(goTo).toHaveBeenCalledExactlyOnceWith("/auth?next=%2Ftransactions%3FtxStatus%3Dpaid");
  });
});
