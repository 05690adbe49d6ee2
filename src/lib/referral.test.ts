import { describe, expect, it } from "vitest";
import { emailLocalPart, referralLink, referralSignInPath } from "./referral";

describe("referralLink", () => {
  it("is the base address with ?r=", () => {
    expect(referralLink("https://app.zpay.example", "ABCD2345")).toBe("https://app.zpay.example/?r=ABCD2345");
    expect(referralLink("http://localhost:4321", "X Y")).toBe("http://localhost:4321/?r=X+Y");
  });
});

describe("emailLocalPart", () => {
  it.each([
    ["ada@example.com", "ada"],
    ["  first.last+shop@example.com ", "first.last+shop"],
    ['"odd@name"@example.com', '"odd@name"'],
    ["no-at-sign", "no-at-sign"],
    ["@example.com", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%s → %s", (email, local) => {
    expect(emailLocalPart(email)).toBe(local);
  });
});

describe("referralSignInPath", () => {
  it.each([
    ["?r=ABCD2345", "/auth?r=ABCD2345"],
    ["?lang=fr&r=ABCD2345", "/auth?r=ABCD2345"],
    ["?r=A%26B", "/auth?r=A%26B"],
    ["?r=", null],
    ["?r=%20", null],
    ["", null],
    ["?x=1", null],
  ])("%s → %s", (search, path) => {
    expect(referralSignInPath(search)).toBe(path);
  });
});
