import { describe, expect, it } from "vitest";
import { homeRedirect, signInFromHome } from "./home-route";

const NOW = Date.parse("2026-01-01T00:00:00Z");
const live = { token: "t", validTill: "2026-01-02T00:00:00Z", acceptedTerms: true };

describe("where / sends a visitor", () => {
  it("sends a signed-in merchant to the dashboard, referral code or not", () => {
    expect(homeRedirect("", live, NOW)).toBe("/dashboard");
    expect(homeRedirect("?r=ABCD2345", live, NOW)).toBe("/dashboard");
  });

  it("sends a referral link's visitor to sign-in with the code", () => {
    expect(homeRedirect("?r=ABCD2345", null, NOW)).toBe("/auth?r=ABCD2345");
  });

  it("keeps a signed-out visitor, an expired session or one whose terms are not accepted on the landing page", () => {
    expect(homeRedirect("", null, NOW)).toBeNull();
    expect(homeRedirect("", { ...live, validTill: "2025-12-31T00:00:00Z" }, NOW)).toBeNull();
    expect(homeRedirect("", { ...live, acceptedTerms: false }, NOW)).toBeNull();
  });

  it("signs in through /auth keeping only what /auth reads", () => {
    expect(signInFromHome("")).toBe("/auth");
    expect(signInFromHome("?openedInApp=1&utm=x")).toBe("/auth?openedInApp=1");
    expect(signInFromHome("?r=ABCD2345")).toBe("/auth?r=ABCD2345");
  });
});
