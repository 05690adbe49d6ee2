import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/api-client";
import { saveMerchantLanguage } from "./merchant-language";
import { clearSession, setSession, type SessionUser } from "./session";

const user: SessionUser = {
  _id: "u1",
  publicKey: "k",
  email: null,
  acceptedTerms: false,
  referralCode: "ABCD2345",
  token: "tok",
  validTill: new Date(Date.now() + 3600_000).toISOString(),
  settings: { permissions: [], rampOnly: false, isOnboarded: false },
};

/** A client that records its calls and answers `status`. */
function recording(status = 200) {
  const calls: { url: string; method: string; body: unknown; auth: string | null }[] = [];
  const client = createApiClient({
    getToken: () => "tok",
    fetch: async (input, init) => {
      calls.push({ url: String(input), method: init?.method ?? "GET", body: JSON.parse(String(init?.body)), auth: new Headers(init?.headers).get("authorization") });
      return new Response(JSON.stringify(status === 200 ? { data: { language: "fr" } } : { message: "nope" }), { status });
    },
  });
  return { client, calls };
}

afterEach(() => clearSession());

describe("saveMerchantLanguage", () => {
  it("tells the server the signed-in merchant's language", async () => {
    setSession(user);
    const { client, calls } = recording();
    await saveMerchantLanguage("fr", client);
    expect(calls).toEqual([{ url: "/api/me/language", method: "PUT", body: { language: "fr" }, auth: "Bearer tok" }]);
  });

  it("does nothing signed out, or for a language the app does not have", async () => {
    const { client, calls } = recording();
    await saveMerchantLanguage("fr", client);
    setSession(user);
    await saveMerchantLanguage("de", client);
    await saveMerchantLanguage(undefined, client);
    expect(calls).toEqual([]);
  });

  it("never throws: a failure only leaves the previous language", async () => {
    setSession(user);
    const { client, calls } = recording(500);
    await expect(saveMerchantLanguage("en", client)).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
  });
});
