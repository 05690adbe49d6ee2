import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { productionRequests } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";

describe.each(TEST_BACKENDS)("production access requests on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database));
  });
  afterAll(() => database.close());
  const ask = (headers: Record<string, string> = {}) => app.request("/api/request/production", { method: "POST", headers });

  it("records one request per merchant and keeps the first time when asked again", async () => {
    const a = await signInMerchant(app);
    const first = await ask(a.auth);
    expect(first.status).toBe(200);
    const { success, requestedAt } = await first.json();
    expect(success).toBe(true);
    const again = await (await ask(a.auth)).json();
    expect(again.requestedAt).toBe(requestedAt);
    const rows = (await database.db.select().from(productionRequests)).filter((r) => r.userId === a.id);
    expect(rows).toHaveLength(1);
  });

  it("keeps merchants apart: a second merchant's request is their own", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    await ask(a.auth);
    const rows = await database.db.select().from(productionRequests);
    expect(rows.some((r) => r.userId === b.id)).toBe(false);
    expect((await ask(b.auth)).status).toBe(200);
    expect((await database.db.select().from(productionRequests)).filter((r) => r.userId === b.id)).toHaveLength(1);
  });

  it("needs a session and accepted terms", async () => {
    expect((await ask()).status).toBe(401);
    expect((await ask({ authorization: "Bearer nope" })).status).toBe(401);
    const noTerms = await signInMerchant(app, { acceptTerms: false });
    const res = await ask(noTerms.auth);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("terms_not_accepted");
  });

  it("is refused on a server in production mode, whatever the page was built for", async () => {
    const deps = testDeps(database);
    const production = createApp({ ...deps, env: { ...deps.env, ZPAY_MODE: "production" } });
    const a = await signInMerchant(app);
    const res = await production.request("/api/request/production", { method: "POST", headers: a.auth });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("already_production");
    expect((await database.db.select().from(productionRequests)).filter((r) => r.userId === a.id)).toHaveLength(0);
  });
});
