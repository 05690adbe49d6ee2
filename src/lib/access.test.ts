import { describe, expect, it } from "vitest";
import { accessRedirect, isSessionLive, pageTitle } from "./access";

describe("access rules", () => {
  const now = Date.parse("2026-11-22T10:00:00Z");

  it.each([
    [null, false],
    [{ token: "", validTill: "2026-11-23T00:00:00Z" }, false],
    [{ token: "t", validTill: "2026-11-22T09:59:59Z" }, false],
    [{ token: "t", validTill: "2026-11-22T10:00:00Z" }, false],
    [{ token: "t", validTill: "not a date" }, false],
    [{ token: "t", validTill: "2026-11-22T10:00:01Z" }, true],
  ])("session %j is live: %s", (session, live) => expect(isSessionLive(session, now)).toBe(live));

  it("sends a signed-out visit to /auth keeping the search string", () => {
    expect(accessRedirect("/quick-pays", "?open-create=true", false)).toBe("/auth?open-create=true");
    expect(accessRedirect("/dashboard", "", false)).toBe("/auth");
  });

  it("lets /auth through without a session, and everything through with one", () => {
    expect(accessRedirect("/auth", "?r=ABCD2345", false)).toBeNull();
    expect(accessRedirect("/auth/", "", false)).toBeNull();
    expect(accessRedirect("/settings/deposits", "", true)).toBeNull();
  });

  it("titles pages '{page} - {brand}'", () => expect(pageTitle("overview", "zPay")).toBe("overview - zPay"));
});
