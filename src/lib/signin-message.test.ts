import { describe, expect, it } from "vitest";
import {
  SIGNIN_MAX_SKEW_MS,
  buildSigninMessage,
  isFreshSigninTimestamp,
  parseSigninMessage,
  signinFields,
  type SigninFields,
} from "./signin-message";

const fields: SigninFields = signinFields(
  { domain: "pay.example.com", uri: "https://pay.example.com", chainId: "solana:mainnet", nonce: "n0nceN0nceN0nce1" },
  "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  1795333764697,
);

describe("sign-in message", () => {
  it("is a Sign-In With Solana message keeping SPEC's prefix and timestamp as its statement", () => {
    expect(buildSigninMessage(fields)).toBe(
      [
        "pay.example.com wants you to sign in with your Solana account:",
        "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
        "",
        "Sign in to zPay. This request will not trigger a blockchain transaction or cost any fees. Timestamp: 1795333764697",
        "",
        "URI: https://pay.example.com",
        "Version: 1",
        "Chain ID: solana:mainnet",
        "Nonce: n0nceN0nceN0nce1",
        "Issued At: 2026-11-22T07:49:24.697Z",
      ].join("\n"),
    );
  });

  it("round-trips every field", () => {
    expect(parseSigninMessage(buildSigninMessage(fields))).toEqual(fields);
  });

  const good = buildSigninMessage(fields);
  it.each([
    ["empty", ""],
    ["SPEC's bare prefix and timestamp", "Sign in to zPay. This request will not trigger a blockchain transaction or cost any fees. Timestamp: 1795333764697"],
    ["no nonce", good.replace("\nNonce: n0nceN0nceN0nce1", "")],
    ["no URI", good.replace("\nURI: https://pay.example.com", "")],
    ["no chain", good.replace("\nChain ID: solana:mainnet", "")],
    ["another statement", good.replace("zPay", "evil")],
    ["a longer timestamp", good.replace("1795333764697", "17953337646970")],
    ["Issued At another instant", good.replace("07:49:24.697Z", "07:49:25.697Z")],
    ["another version", good.replace("Version: 1", "Version: 2")],
    ["an extra field", `${good}\nExpiration Time: 2099-01-01T00:00:00.000Z`],
    ["trailing text", `${good} `],
  ])("rejects %s", (_label, message) => expect(parseSigninMessage(message)).toBeNull());

  it("accepts timestamps within five minutes either way, and no further", () => {
    const now = 1_800_000_000_000;
    expect(isFreshSigninTimestamp(now - SIGNIN_MAX_SKEW_MS, now)).toBe(true);
    expect(isFreshSigninTimestamp(now + SIGNIN_MAX_SKEW_MS, now)).toBe(true);
    expect(isFreshSigninTimestamp(now - SIGNIN_MAX_SKEW_MS - 1, now)).toBe(false);
    expect(isFreshSigninTimestamp(now + SIGNIN_MAX_SKEW_MS + 1, now)).toBe(false);
  });
});
