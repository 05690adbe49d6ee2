import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { ZAPI_IDEMPOTENCY_WINDOW_MS } from "@/lib/zapi";
import type { Database } from "../db/client";
import { apiIdempotencyKeys, catalogItems, uploads, users } from "../db/schema";
import { createApiPayment } from "../modules/zapi/service";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { insertMerchant } from "../testing/merchants";
import { runMaintenance } from "./maintenance";
import { UNUSED_UPLOAD_GRACE_MS } from "./prune";

const NOW = new Date();
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

/** The hourly maintenance deletes what nothing can use any more, and nothing else. */
describe.each(TEST_BACKENDS)("database maintenance (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("deletes zAPI Idempotency-Keys past the window they are honoured for, and keeps the others", async () => {
    const userId = await insertMerchant(database.db);
    const key = async (name: string, createdAt: Date) => {
      await createApiPayment(database.db, { id: userId, billingCurrency: "USD" }, { amount: "10", currency: "USD" }, name);
      await database.db.update(apiIdempotencyKeys).set({ createdAt }).where(eq(apiIdempotencyKeys.key, name));
    };
    await key("old", ago(ZAPI_IDEMPOTENCY_WINDOW_MS + MINUTE));
    await key("recent", ago(ZAPI_IDEMPOTENCY_WINDOW_MS - MINUTE));
    await runMaintenance(database, NOW);
    const left = await database.db.select({ key: apiIdempotencyKeys.key }).from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.userId, userId));
    expect(left.map((k) => k.key)).toEqual(["recent"]);
  });

  it("deletes uploads past the grace period that are no logo and no catalog image, and keeps the others", async () => {
    const userId = await insertMerchant(database.db);
    const upload = async (createdAt: Date) => {
      const [row] = await database.db.insert(uploads).values({ userId, contentType: "image/png", data: "iVBORw0KGgo=", byteLength: 8, createdAt }).returning();
      return row!.id;
    };
    const old = ago(UNUSED_UPLOAD_GRACE_MS + MINUTE);
    const replacedLogo = await upload(old);
    const logo = await upload(old);
    const itemImage = await upload(old);
    const freshUnused = await upload(ago(UNUSED_UPLOAD_GRACE_MS - MINUTE));
    await database.db.update(users).set({ profile: sql`${JSON.stringify({ company: "Acme", logoId: logo })}::jsonb` }).where(eq(users.id, userId));
    await database.db.insert(catalogItems).values({ userId, name: "Tea", price: "4", currency: "USD", useFiat: true, imageId: itemImage });

    await runMaintenance(database, NOW);
    const left = await database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, [replacedLogo, logo, itemImage, freshUnused]));
    expect(left.map((u) => u.id).sort()).toEqual([logo, itemImage, freshUnused].sort());
  });
});
