import { describe, expect, it } from "vitest";
import { SIGNIN_MAX_SKEW_MS, buildSigninMessage, isFreshSigninTimestamp, parseSigninMessage } from "./signin-message";

describe("sign-in message", () => {
  it("round-trips the timestamp", () => {
    expect(parseSigninMessage(buildSigninMessage(1795333764697))).toBe(1795333764697);
  });

  it.each([
    "",
    "Sign in to zPay",
    buildSigninMessage(1795333764697) + "0",
    buildSigninMessage(1795333764697).replace("zPay", "evil"),
    buildSigninMessage(1795333764697) + " ",
    buildSigninMessage(1795333764697).replace(/\d+$/, "17953337646x7"),
  ])("rejects %j", (message) => expect(parseSigninMessage(message)).toBeNull());

  it("accepts timestamps within five minutes either way, and no further", () => {
    const now = 1_800_000_000_000;
    expect(isFreshSigninTimestamp(now - SIGNIN_MAX_SKEW_MS, now)).toBe(true);
    expect(isFreshSigninTimestamp(now + SIGNIN_MAX_SKEW_MS, now)).toBe(true);
    expect(isFreshSigninTimestamp(now - SIGNIN_MAX_SKEW_MS - 1, now)).toBe(false);
    expect(isFreshSigninTimestamp(now + SIGNIN_MAX_SKEW_MS + 1, now)).toBe(false);
  });
});
