import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { sessions } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { newSolanaKey } from "../../testing/solana-keys";

/**
 * Reading, rotating or saving next to the webhook secret (the save answers it) and changing the
 * receiving wallet need a recent sign-in (FRESH_SIGN_IN_MINUTES), so a stolen or forgotten
 * session can neither learn the secret nor redirect payouts or payment events.
 */
describe.each(TEST_BACKENDS)("fresh sign-in for sensitive changes on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000", FRESH_SIGN_IN_MINUTES: "10" }));
  });
  afterAll(() => database.close());

  /** A merchant whose sign-in happened `minutesAgo` minutes ago. */
  async function merchantSignedIn(minutesAgo: number) {
    const merchant = await signInMerchant(app);
    const at = new Date(Date.now() - minutesAgo * 60_000);
    await database.db.update(sessions).set({ createdAt: at }).where(eq(sessions.userId, merchant.id));
    return merchant;
  }

  const sensitive: [string, string, (auth: Record<string, string>) => Response | Promise<Response>][] = [
    ["reading the webhook secret", "GET /integrations", (auth) => app.request("/api/integrations", { headers: auth })],
    [
      "rotating the webhook secret",
      "POST /integrations/regenerate",
      (auth) => app.request("/api/integrations/regenerate", { method: "POST", headers: auth }),
    ],
    [
      "saving the webhook settings, whose answer holds the secret",
      "POST /integrations",
      (auth) =>
        app.request("/api/integrations", {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ endpoint: "https://attacker.example.com/hooks" }),
        }),
    ],
    [
      "attaching the receiving wallet",
      "POST /wallet/networks",
      (auth) =>
        app.request("/api/wallet/networks", {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ address: newSolanaKey().address }),
        }),
    ],
  ];

  it.each(sensitive)("refuses %s (%s) on a session signed in 11 minutes ago, and changes nothing", async (_label, route, call) => {
    const stale = await merchantSignedIn(11);
    const res = await call(stale.auth);
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.code).toBe("fresh_sign_in_required");
    expect(body.message).toMatch(/sign in again/);
    expect(body).not.toHaveProperty("data");
    if (route.startsWith("POST /wallet")) {
      const list = await app.request("/api/wallet/networks", { headers: stale.auth });
      expect((await list.json()).data.wallets).toEqual([]);
    }
    if (route === "POST /integrations") {
      const saved = await app.request("/api/integrations/webhook", { headers: stale.auth });
      expect((await saved.json()).data.apiHook).toBeNull();
    }
    // The session itself is still good for everything else.
    expect((await app.request("/api/session", { headers: stale.auth })).status).toBe(200);
  });

  it.each(sensitive)("allows %s (%s) on a session signed in 9 minutes ago", async (_label, _route, call) => {
    const fresh = await merchantSignedIn(9);
    expect([200, 201]).toContain((await call(fresh.auth)).status);
  });

  it("a fresh save answers the saver's own secret and leaves another merchant's settings alone", async () => {
    const owner = await merchantSignedIn(1);
    await app.request("/api/integrations", {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json" },
      body: JSON.stringify({ endpoint: "https://owner.example.com/hooks" }),
    });
    const ownerSecret = (await (await app.request("/api/integrations", { headers: owner.auth })).json()).data.secret;

    const other = await merchantSignedIn(1);
    const res = await app.request("/api/integrations", {
      method: "POST",
      headers: { ...other.auth, "content-type": "application/json" },
      body: JSON.stringify({ endpoint: "https://other.example.com/hooks" }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()).data;
    expect(answer).toMatchObject({ account: { id: other.id }, apiHook: "https://other.example.com/hooks" });
    expect(answer.secret).not.toBe(ownerSecret);
    const ownerNow = (await (await app.request("/api/integrations", { headers: owner.auth })).json()).data;
    expect(ownerNow).toMatchObject({ account: { id: owner.id }, apiHook: "https://owner.example.com/hooks", secret: ownerSecret });
  });

  it("signing in again with the same wallet makes the change possible", async () => {
    const stale = await merchantSignedIn(30);
    expect((await app.request("/api/integrations", { headers: stale.auth })).status).toBe(401);
    const again = await signInMerchant(app, { key: stale.key });
    expect(again.id).toBe(stale.id);
    expect((await app.request("/api/integrations", { headers: again.auth })).status).toBe(200);
  });
});
