import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { callJson } from "../../testing/call-json";

const body = {
  paymentId: "Qx7PaLk2mN3r",
  fromAsset: "SOL",
  toAsset: "USDC",
  currentAmount: "12500000",
  userPublicWalletKey: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  merchantUSDCTokenAccount: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
};

describe.each(TEST_BACKENDS)("POST /api/v2/jupiter/swap without a provider (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("answers 400 to a malformed body, 503 swap_not_offered when no provider runs, and 429 past the payer rate limit", async () => {
    const payments = createPaymentsApp(testDeps(database, { PAY_START_RATE_LIMIT: "3" }));
    const forwarded = { "x-forwarded-for": "203.0.113.9" }; // ignored without TRUST_PROXY: one key for every call here
    const bad = await callJson(payments, "POST", "/api/v2/jupiter/swap", { ...body, currentAmount: "-1" }, forwarded);
    expect(bad.status).toBe(400);
    const none = await callJson(payments, "POST", "/api/v2/jupiter/swap", body, forwarded);
    expect(none).toMatchObject({ status: 503, body: { code: "swap_not_offered" } });
    await callJson(payments, "POST", "/api/v2/jupiter/swap", body, forwarded);
    const limited = await callJson(payments, "POST", "/api/v2/jupiter/swap", body, forwarded);
    expect(limited.status).toBe(429);
  });

  it("lists nothing to swap from when no provider runs, and the provider's assets when one does (the same for everyone)", async () => {
    const deps = testDeps(database);
    const payments = createPaymentsApp(deps);
    expect(await callJson(payments, "GET", "/api/v2/jupiter/assets")).toMatchObject({ status: 200, body: { assets: [] } });
    const listed = [{ mint: "So11111111111111111111111111111111111111112", native: true, symbol: "SOL", decimals: 9 }];
    deps.swap = { name: "fake", assets: () => listed, asset: () => undefined, quote: () => Promise.reject(new Error("unused")), build: () => Promise.reject(new Error("unused")) };
    expect(await callJson(payments, "GET", "/api/v2/jupiter/assets")).toMatchObject({ status: 200, body: { assets: listed } });
    // A merchant's token changes nothing here (the payer API takes none), nor does anything asked of it.
    expect(await callJson(payments, "GET", "/api/v2/jupiter/assets?wallet=x", undefined, { authorization: "Bearer zp_live_nope" })).toMatchObject({ status: 200, body: { assets: listed } });
    // Only GET: the list is read-only.
    expect((await callJson(payments, "POST", "/api/v2/jupiter/assets", {})).status).toBe(404);
  });
});
