import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";

describe.each(TEST_BACKENDS)("PUT /api/me/language on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    app = createApp(testDeps(database, { SIGNIN_RATE_LIMIT: "1000" }));
  });
  afterAll(() => database.close());

  const put = (body: unknown, auth: Record<string, string> = {}) =>
    app.request("/api/me/language", { method: "PUT", headers: { "content-type": "application/json", ...auth }, body: JSON.stringify(body) });
  const languageOf = async (id: string) => (await database.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0].language;

  it("saves the signed-in merchant's language, and only theirs", async () => {
    const m = await signInMerchant(app);
    const other = await signInMerchant(app);
    expect(await languageOf(m.id)).toBe("en");
    const res = await put({ language: "fr" }, m.auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { language: "fr" } });
    expect(await languageOf(m.id)).toBe("fr");
    expect(await languageOf(other.id)).toBe("en");
    expect((await put({ language: "en" }, m.auth)).status).toBe(200);
    expect(await languageOf(m.id)).toBe("en");
  });

  it("works right after sign-in, before the terms are accepted", async () => {
    const m = await signInMerchant(app, { acceptTerms: false });
    expect((await put({ language: "fr" }, m.auth)).status).toBe(200);
    expect(await languageOf(m.id)).toBe("fr");
  });

  it("refuses a language the app does not have", async () => {
    const m = await signInMerchant(app);
    for (const body of [{ language: "de" }, {}, { language: 1 }]) {
      const res = await put(body, m.auth);
      expect(res.status).toBe(400);
      const error = await res.json();
      expect(error.code).toBe("invalid_request");
      expect(error.issues).toEqual([expect.objectContaining({ path: "language", message: "Language must be en or fr" })]);
    }
    expect(await languageOf(m.id)).toBe("en");
  });

  it("needs a session", async () => {
    expect((await put({ language: "fr" })).status).toBe(401);
    expect((await put({ language: "fr" }, { authorization: "Bearer nope" })).status).toBe(401);
  });
});
