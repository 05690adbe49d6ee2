import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { merchantWallets, users } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";

const PROVIDER = "https://ramp.example/widget?theme=light";
const RECEIVING = "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV";

describe.each(TEST_BACKENDS)("zRamp address on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let unconfigured: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { ZRAMP_PROVIDER_URL: PROVIDER }));
    unconfigured = createApp(testDeps(database));
  });
  afterAll(() => database.close());

  const setPermissions = (id: string, permissions: string[], rampOnly = false) =>
    database.db
      .select()
      .from(users)
      .where(eq(users.id, id))
      .then(([u]) => database.db.update(users).set({ settings: { ...u.settings, permissions, rampOnly } }).where(eq(users.id, id)));

  it("builds the provider's address with the merchant's account id, solana and their sign-in wallet", async () => {
    const a = await signInMerchant(app);
    const res = await app.request("/api/zramp", { headers: a.auth });
    expect(res.status).toBe(200);
    const url = new URL((await res.json()).data.url);
    expect(url.origin + url.pathname).toBe("https://ramp.example/widget");
    expect(url.searchParams.get("theme")).toBe("light");
    expect(url.searchParams.get("apiKey")).toBe(a.id);
    expect(url.searchParams.get("networks")).toBe("solana");
    expect(url.searchParams.get("wallets")).toBe(a.key.address);
  });

  it("sends the coins to the merchant's Solana receiving wallet once there is one, never another merchant's", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    await database.db.insert(merchantWallets).values({ userId: a.id, chainId: -5000, family: "solana", chains: [-5000], address: RECEIVING });
    const forA = new URL((await (await app.request("/api/zramp", { headers: a.auth })).json()).data.url);
    expect(forA.searchParams.get("wallets")).toBe(RECEIVING);
    const forB = new URL((await (await app.request("/api/zramp", { headers: b.auth })).json()).data.url);
    expect(forB.searchParams.get("wallets")).toBe(b.key.address);
    expect(forB.searchParams.get("apiKey")).toBe(b.id);
  });

  it("answers null without a provider, and only the app origin may frame the provider", async () => {
    const a = await signInMerchant(unconfigured);
    expect((await (await unconfigured.request("/api/zramp", { headers: a.auth })).json()).data).toEqual({ url: null });
    const csp = (await app.request("/api/zramp", { headers: a.auth })).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/frame-src 'self' https:\/\/ramp\.example(;|$)/);
    expect((await unconfigured.request("/api/health")).headers.get("content-security-policy") ?? "").not.toContain("ramp.example");
  });

  it("needs a session, and quickpay or ramponly with the rampOnly setting", async () => {
    expect((await app.request("/api/zramp")).status).toBe(401);
    const m = await signInMerchant(app);
    await setPermissions(m.id, ["collect"]);
    const denied = await app.request("/api/zramp", { headers: m.auth });
    expect(denied.status).toBe(403);
    expect((await denied.json()).code).toBe("permission_denied");
    await setPermissions(m.id, ["ramponly"], false);
    expect((await app.request("/api/zramp", { headers: m.auth })).status).toBe(403);
    await setPermissions(m.id, ["ramponly"], true);
    expect((await app.request("/api/zramp", { headers: m.auth })).status).toBe(200);
  });
});
