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
 * Reading or rotating the webhook secret and changing the receiving wallet need a recent
 * sign-in (FRESH_SIGN_IN_MINUTES), so a stolen or forgotten session cannot redirect payouts.
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
    // The session itself is still good for everything else.
    expect((await app.request("/api/session", { headers: stale.auth })).status).toBe(200);
  });

  it.each(sensitive)("allows %s (%s) on a session signed in 9 minutes ago", async (_label, _route, call) => {
    const fresh = await merchantSignedIn(9);
    expect([200, 201]).toContain((await call(fresh.auth)).status);
  });

  it("signing in again with the same wallet makes the change possible", async () => {
    const stale = await merchantSignedIn(30);
    expect((await app.request("/api/integrations", { headers: stale.auth })).status).toBe(401);
    const again = await signInMerchant(app, { key: stale.key });
    expect(again.id).toBe(stale.id);
    expect((await app.request("/api/integrations", { headers: again.auth })).status).toBe(200);
  });
});
