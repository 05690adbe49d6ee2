import { describe, expect, it } from "vitest";
import { accessRedirect, afterSignInPath, safeReturnPath, signInReturningTo } from "./return-path";

describe("the path /auth returns to after signing in", () => {
  it.each([
    ["/settings/security", "/settings/security"],
    ["/zapi", "/zapi"],
    ["/quick-pays?open-create=true#top", "/quick-pays?open-create=true#top"],
    ["/settings/../settings/security", "/settings/security"],
    ["/javascript:alert(1)", "/javascript:alert(1)"],
  ])("follows a path on this site: %s", (raw, path) => expect(safeReturnPath(raw)).toBe(path));

  it.each([
    // Another site, however it is spelled.
    "//evil.example",
    "//evil.example/settings",
    "https://evil.example",
    "https://evil.example/settings/security",
    "http:evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/.//evil.example",
    "/%2e//evil.example",
    " /settings",
    // Not a web address at all.
    "javascript:alert(document.domain)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    // Relative to nothing, empty, absurdly long, or the sign-in page itself (a loop).
    "settings/security",
    "",
    null,
    undefined,
    `/${"a".repeat(2048)}`,
    "/auth",
    "/auth/",
    "/auth?next=/auth",
  ])("refuses %j", (raw) => expect(safeReturnPath(raw)).toBeNull());

  it("reads `next` from /auth's search string, the dashboard otherwise", () => {
    expect(afterSignInPath("?next=%2Fsettings%2Fsecurity")).toBe("/settings/security");
    expect(afterSignInPath("?r=ABCD2345&next=/zapi")).toBe("/zapi");
    expect(afterSignInPath("?next=%2F%2Fevil.example")).toBe("/dashboard");
    expect(afterSignInPath("?next=https%3A%2F%2Fevil.example")).toBe("/dashboard");
    expect(afterSignInPath("?next=%2F%5Cevil.example")).toBe("/dashboard");
    expect(afterSignInPath("?next=javascript%3Aalert(1)")).toBe("/dashboard");
    expect(afterSignInPath("")).toBe("/dashboard");
  });

  it("sends a merchant to /auth with the page to come back to, which /auth reads back", () => {
    const signIn = signInReturningTo("/settings/security");
    expect(signIn).toBe("/auth?next=%2Fsettings%2Fsecurity");
    expect(afterSignInPath(new URL(signIn, "http://localhost").search)).toBe("/settings/security");
    expect(signInReturningTo("/zapi?page=2")).toBe("/auth?next=%2Fzapi%3Fpage%3D2");
    expect(signInReturningTo("//evil.example")).toBe("/auth");
  });

  describe("a visit without a usable session (accessRedirect)", () => {
    it("goes to /auth told to come back to the page and its search", () => {
      expect(accessRedirect("/transactions", "?txStatus=paid&page=2")).toBe("/auth?next=%2Ftransactions%3FtxStatus%3Dpaid%26page%3D2");
      expect(accessRedirect("/settings/security", "")).toBe("/auth?next=%2Fsettings%2Fsecurity");
      expect(accessRedirect("/dashboard", "")).toBe("/auth?next=%2Fdashboard");
    });

    it("comes back there after signing in", () => {
      const signIn = accessRedirect("/transactions", "?txStatus=paid&chain=solana")!;
      expect(afterSignInPath(new URL(signIn, "http://localhost").search)).toBe("/transactions?txStatus=paid&chain=solana");
    });

    it("keeps the parameters /auth reads itself on /auth too", () => {
      const signIn = accessRedirect("/dashboard", "?open-share=true&r=ABCD2345&openedInApp=1")!;
      const params = new URL(signIn, "http://localhost").searchParams;
      expect(params.get("r")).toBe("ABCD2345");
      expect(params.get("openedInApp")).toBe("1");
      expect(params.get("open-share")).toBeNull();
      expect(params.get("next")).toBe("/dashboard?open-share=true&r=ABCD2345&openedInApp=1");
    });

    it("never carries another site, nor the page's own `next`", () => {
      // A path the browser reads as another host ('//evil.example' as pathname) is not a way back.
      expect(accessRedirect("//evil.example/x", "")).toBe("/auth");
      expect(accessRedirect("/\\evil.example", "?r=ABCD2345")).toBe("/auth?r=ABCD2345");
      // A page's search naming `next` is part of that page's address, not where /auth goes.
      const signIn = accessRedirect("/zapi", "?next=https%3A%2F%2Fevil.example")!;
      expect(afterSignInPath(new URL(signIn, "http://localhost").search)).toBe("/zapi?next=https%3A%2F%2Fevil.example");
    });

    it("lets /auth itself through", () => {
      expect(accessRedirect("/auth", "?r=ABCD2345")).toBeNull();
      expect(accessRedirect("/auth/", "")).toBeNull();
    });
  });
});
