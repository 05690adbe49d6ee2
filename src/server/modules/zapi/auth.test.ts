import { describe, expect, it } from "vitest";
import { ZAPI_ROTATION_GRACE_MS, zapiAuthorization } from "@/lib/zapi";
import { basicCredentials, secretAccepted } from "./auth";

describe("secretAccepted", () => {
  const rotatedAt = new Date("2030-01-01T00:00:00Z");
  const row = { secret: "whsec_new", previousSecret: "whsec_old", rotatedAt };
  const at = (ms: number) => new Date(rotatedAt.getTime() + ms);
  it("takes the current secret at any time", () => expect(secretAccepted(row, "whsec_new", at(10 * ZAPI_ROTATION_GRACE_MS))).toBe(true));
  it("takes the previous one until the grace period ends, not after", () => {
    expect(secretAccepted(row, "whsec_old", at(ZAPI_ROTATION_GRACE_MS - 1))).toBe(true);
    expect(secretAccepted(row, "whsec_old", at(ZAPI_ROTATION_GRACE_MS))).toBe(false);
  });
  it("refuses anything else, and a previous secret without a rotation time", () => {
    expect(secretAccepted(row, "whsec_ne", at(0))).toBe(false);
    expect(secretAccepted(row, "", at(0))).toBe(false);
    expect(secretAccepted({ ...row, rotatedAt: null }, "whsec_old", at(0))).toBe(false);
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
