import { describe, expect, it } from "vitest";
import { ZAPI_ROTATION_GRACE_MS, ZAPI_SECRET_PREFIX, zapiAuthorization } from "@/lib/zapi";
import { hashApiSecret, matchApiSecret, newApiSecret } from "./api-secret";
import { basicCredentials } from "./auth";

describe("matchApiSecret", () => {
  const expires = new Date("2030-01-02T00:00:00Z");
  const row = { secretHash: hashApiSecret("zpk_new"), previousHash: hashApiSecret("zpk_old"), previousExpiresAt: expires };
  const at = (ms: number) => new Date(expires.getTime() + ms);
  it("takes the current secret at any time", () => expect(matchApiSecret(row, "zpk_new", at(10 * ZAPI_ROTATION_GRACE_MS))).toBe("current"));
  it("takes the previous one until it expires, not after", () => {
    expect(matchApiSecret(row, "zpk_old", at(-1))).toBe("previous");
    expect(matchApiSecret(row, "zpk_old", at(0))).toBeUndefined();
  });
  it("refuses anything else, the stored hash itself, and a previous secret without an expiry", () => {
    expect(matchApiSecret(row, "zpk_ne", at(-1))).toBeUndefined();
    expect(matchApiSecret(row, "", at(-1))).toBeUndefined();
    expect(matchApiSecret(row, row.secretHash, at(-1))).toBeUndefined();
    expect(matchApiSecret({ ...row, previousExpiresAt: null }, "zpk_old", at(-1))).toBeUndefined();
  });
});

describe("newApiSecret", () => {
  it("is prefixed, 256 random bits, never twice the same", () => {
    const a = newApiSecret();
    expect(a.startsWith(ZAPI_SECRET_PREFIX)).toBe(true);
    expect(Buffer.from(a.slice(ZAPI_SECRET_PREFIX.length), "base64url")).toHaveLength(32);
    expect(newApiSecret()).not.toBe(a);
  });
});

describe("basicCredentials", () => {
  it("reads the account id and a secret that may hold colons", () => {
    expect(basicCredentials(zapiAuthorization("acc", "a:b"))).toEqual({ accountId: "acc", secret: "a:b" });
  });
  it.each([undefined, "Bearer abc", "Basic", `Basic ${Buffer.from("no-colon").toString("base64")}`, `Basic ${Buffer.from(":secret").toString("base64")}`])("refuses %s", (header) =>
    expect(basicCredentials(header)).toBeUndefined(),
  );
});
