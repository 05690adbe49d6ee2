import { describe, expect, it } from "vitest";
import { checkZapiAmount, ZAPI_LIMITS, ZapiCreatePayment, zapiAuthorization } from "./zapi";

describe("checkZapiAmount", () => {
  it.each([
    ["49.90", "USD", { ok: true, price: "49.9" }],
    ["0.1", "USD", { ok: true, price: "0.1" }],
    ["1.000001", "USDC", { ok: true, price: "1.000001" }],
    ["0.09", "USD", { ok: false, message: "Amount must be at least 0.1" }],
    ["1.001", "USD", { ok: false, message: "Too many decimals for this currency" }],
    ["1000000001", "USD", { ok: false, message: "The amount is too large" }],
    ["abc", "USD", { ok: false, message: expect.stringContaining("decimal string") }],
  ])("%s %s", (amount, currency, expected) => expect(checkZapiAmount(amount, currency)).toEqual(expected));
});

describe("ZapiCreatePayment", () => {
  it("caps metadata by its JSON size and refuses unknown fields", () => {
    const ok = { amount: "1", currency: "USD", metadata: { note: "x".repeat(ZAPI_LIMITS.metadataBytes - 20) } };
    expect(ZapiCreatePayment.safeParse(ok).success).toBe(true);
    expect(ZapiCreatePayment.safeParse({ ...ok, metadata: { note: "é".repeat(ZAPI_LIMITS.metadataBytes / 2) } }).success).toBe(false);
    expect(ZapiCreatePayment.safeParse({ amount: "1", currency: "USD", extra: 1 }).success).toBe(false);
    expect(ZapiCreatePayment.safeParse({ amount: "1", currency: "USD", callbackUrl: "https://u:p@shop.example.com/" }).success).toBe(false);
  });
});

describe("zapiAuthorization", () => {
  it("is HTTP Basic of the account id and secret", () => {
    const header = zapiAuthorization("acc", "whsec_a:b");
    expect(header).toBe(`Basic ${Buffer.from("acc:whsec_a:b").toString("base64")}`);
  });
});
