import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { eq } from "drizzle-orm";
import { ZAPI_ROTATION_GRACE_MS } from "@/lib/zapi";
import { MIGRATIONS_DIR } from "../../db/client";
import * as schema from "../../db/schema";
import { apiSecrets } from "../../db/schema";
import { hashApiSecret, matchApiSecret } from "./api-secret";
import { insertMerchant } from "../../testing/merchants";
import type { Db } from "../../db/client";

const TAG = "0028_api_secret";

/** The migrations folder as it was before 0028: every file, the journal without 0028 and later. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), "zpay-migrations-"));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string; when: number }[] };
  const cut = journal.entries.find((e) => e.tag === tag)!.when;
  journal.entries = journal.entries.filter((e) => e.when < cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * Migration 0028 separates the API secret from the webhook secret without cutting off a running
 * integration: a merchant who already made API payments keeps the webhook secret as a legacy API
 * secret (hashed, flagged, with a deprecation header); one who never used the API gets none.
 */
describe("migration 0028: existing merchants' API access", () => {
  let pglite: PGlite;
  let db: Db;
  let before: string;
  const ids = { user: "", idle: "", rotating: "" };
  const now = Date.now();

  beforeAll(async () => {
    pglite = new PGlite();
    db = drizzle(pglite, { schema }) as unknown as Db;
    before = migrationsBefore(TAG);
    await migrate(drizzle(pglite), { migrationsFolder: before });
    ids.user = await insertMerchant(db, { apiHook: "https://shop.example.com/hooks", secret: "whsec_user" });
    ids.idle = await insertMerchant(db, { apiHook: "https://idle.example.com/hooks", secret: "whsec_idle" });
    ids.rotating = await insertMerchant(db, { apiHook: "https://rot.example.com/hooks", secret: "whsec_new" });
    await pglite.query(`update merchant_integrations set previous_secret = 'whsec_old', rotated_at = $1 where user_id = $2`, [new Date(now - 60 * 60_000), ids.rotating]);
    for (const userId of [ids.user, ids.rotating]) {
      await pglite.query(`insert into api_payments (hashed_id, user_id, price, currency, use_fiat, user_currency) values ($1, $2, '1', 'USD', true, 'USD')`, [randomUUID(), userId]);
    }
    await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_DIR });
  });
  afterAll(async () => {
    await pglite.close();
    rmSync(before, { recursive: true, force: true });
  });

  const secretOf = async (userId: string) => (await db.select().from(apiSecrets).where(eq(apiSecrets.userId, userId)))[0];

  it("a merchant whose server used the API keeps its webhook secret as a legacy API secret, stored hashed", async () => {
    const row = await secretOf(ids.user);
    expect(row).toMatchObject({ secretHash: hashApiSecret("whsec_user"), hint: "user", legacy: true, previousHash: null });
    expect(matchApiSecret(row, "whsec_user", new Date())).toBe("current");
    const dump = JSON.stringify((await pglite.query(`select row_to_json(s)::text as j from api_secrets s`)).rows);
    expect(dump).not.toContain("whsec_user");
  });

  it("one mid-rotation keeps the previous secret until its 24 h grace ends", async () => {
    const row = await secretOf(ids.rotating);
    expect(row.previousHash).toBe(hashApiSecret("whsec_old"));
    expect(Math.abs(row.previousExpiresAt!.getTime() - (now - 60 * 60_000 + ZAPI_ROTATION_GRACE_MS))).toBeLessThan(1000);
    expect(matchApiSecret(row, "whsec_old", new Date())).toBe("previous");
  });

  it("a merchant who never used the API gets no API secret: its webhook secret opens nothing", async () => {
    expect(await secretOf(ids.idle)).toBeUndefined();
  });

  it("the webhook columns that carried the API's grace are gone", async () => {
    const columns = (await pglite.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'merchant_integrations'`)).rows.map((r) => r.column_name);
    expect(columns).not.toContain("previous_secret");
    expect(columns).not.toContain("rotated_at");
  });

});
