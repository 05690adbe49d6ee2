import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { emails, productionRequests, users } from "../../db/schema";
import { render } from "../../jobs/mail/templates";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";

describe.each(TEST_BACKENDS)("production access requests on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { OPERATOR_EMAIL: "ops@zpay.example", SIGNIN_RATE_LIMIT: "1000" }));
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

  /** A merchant with the admin permission, as `npm run admin -- grant … admin_stats` makes one. */
  async function signInAdmin() {
    const m = await signInMerchant(app);
    const [row] = await database.db.select().from(users).where(eq(users.id, m.id));
    await database.db.update(users).set({ settings: { ...row.settings, permissions: [...row.settings.permissions, "admin_stats"] } }).where(eq(users.id, m.id));
    return m;
  }
  const list = async (m: { auth: Record<string, string> }) => app.request("/api/admin/production-requests", { headers: m.auth });
  const grant = (m: { auth: Record<string, string> }, userId: string) => app.request(`/api/admin/production-requests/${userId}/grant`, { method: "POST", headers: m.auth });
  const mailsTo = (to: string) => database.db.select().from(emails).where(eq(emails.to, to));

  it("e-mails the operator a first request (not a repeated one), when OPERATOR_EMAIL is set", async () => {
    const a = await signInMerchant(app);
    await database.db.update(users).set({ email: "shop@a.example" }).where(eq(users.id, a.id));
    const before = (await mailsTo("ops@zpay.example")).length;
    await ask(a.auth);
    await ask(a.auth);
    const mails = (await mailsTo("ops@zpay.example")).filter((m) => (m.data as { merchantId: string }).merchantId === a.id);
    expect(mails).toHaveLength(1);
    expect((await mailsTo("ops@zpay.example")).length).toBe(before + 1);
    expect(mails[0]).toMatchObject({ userId: null, template: "production-access-requested", language: "en", data: { merchantEmail: "shop@a.example", adminUrl: "http://localhost:4321/admin-stats" } });
    const [row] = await database.db.select().from(users).where(eq(users.id, a.id));
    expect(render("production-access-requested", "en", mails[0].data as never).subject).toBe(`Production access requested by ${row.publicKey}`);

    // Without OPERATOR_EMAIL: recorded, nobody e-mailed.
    const quiet = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
    const b = await signInMerchant(app);
    const count = (await database.db.select().from(emails)).length;
    expect((await quiet.request("/api/request/production", { method: "POST", headers: b.auth })).status).toBe(200);
    expect((await database.db.select().from(emails)).length).toBe(count);
  });

  it("lists requests newest first for an admin, and grants one: the merchant is e-mailed the next steps once", async () => {
    const admin = await signInAdmin();
    const older = await signInMerchant(app);
    const newer = await signInMerchant(app);
    await database.db.update(users).set({ email: "newer@shop.example", language: "fr" }).where(eq(users.id, newer.id));
    await ask(older.auth);
    await ask(newer.auth);
    await database.db.update(productionRequests).set({ requestedAt: new Date(Date.now() - 60_000) }).where(eq(productionRequests.userId, older.id));

    const listed = (await (await list(admin)).json()).data as { userId: string; status: string; email: string | null }[];
    const ours = listed.filter((r) => r.userId === older.id || r.userId === newer.id);
    expect(ours.map((r) => [r.userId, r.status])).toEqual([
      [newer.id, "pending"],
      [older.id, "pending"],
    ]);
    const times = listed.map((r) => (r as unknown as { requestedAt: string }).requestedAt);
    expect([...times].sort().reverse()).toEqual(times);

    const res = await grant(admin, newer.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ mailed: true, alreadyGranted: false, data: { userId: newer.id, status: "granted", email: "newer@shop.example", grantedAt: expect.any(String) } });
    const [mail] = await mailsTo("newer@shop.example");
    expect(mail).toMatchObject({ userId: newer.id, template: "production-access-granted", language: "fr", data: { appUrl: "http://localhost:4321/" } });
    expect(render("production-access-granted", "fr", mail.data as never).text).toContain("Prochaines étapes");

    // Twice: the same answer, no second mail, the first grant time kept.
    const again = await (await grant(admin, newer.id)).json();
    expect(again).toMatchObject({ mailed: false, alreadyGranted: true, data: { status: "granted", grantedAt: body.data.grantedAt } });
    expect(await mailsTo("newer@shop.example")).toHaveLength(1);

    // A merchant with no address is granted all the same; the answer says nobody was told.
    expect(await (await grant(admin, older.id)).json()).toMatchObject({ mailed: false, alreadyGranted: false, data: { status: "granted", email: null } });
    const after = ((await (await list(admin)).json()).data as { userId: string; status: string }[]).filter((r) => r.userId === older.id || r.userId === newer.id);
    expect(after.map((r) => r.status)).toEqual(["granted", "granted"]);
  });

  it("answers 404 for an id that is not a request, and refuses merchants without the admin permission", async () => {
    const admin = await signInAdmin();
    const merchant = await signInMerchant(app);
    const other = await signInMerchant(app);
    await ask(merchant.auth);
    for (const id of ["nope", "00000000-0000-0000-0000-000000000000", other.id]) {
      const res = await grant(admin, id);
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("not_found");
    }
    // Not an admin: not even their own request, and nothing is granted.
    for (const res of [await list(merchant), await grant(merchant, merchant.id), await grant(other, merchant.id)]) {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("permission_denied");
    }
    expect((await app.request("/api/admin/production-requests")).status).toBe(401);
    const [row] = await database.db.select().from(productionRequests).where(eq(productionRequests.userId, merchant.id));
    expect(row.grantedAt).toBeNull();
  });
});
