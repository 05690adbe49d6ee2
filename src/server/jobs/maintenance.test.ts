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
const HOUR = 60 * MINUTE;

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

  it("deletes uploads found unused for the whole grace period, and keeps logos, catalog images and the recently unused", async () => {
    const userId = await insertMerchant(database.db);
    const upload = async (createdAt: Date) => {
      const [row] = await database.db.insert(uploads).values({ userId, contentType: "image/png", data: "iVBORw0KGgo=", byteLength: 8, createdAt }).returning();
      return row!.id;
    };
    const old = ago(UNUSED_UPLOAD_GRACE_MS + MINUTE);
    const replacedLogo = await upload(old);
    const logo = await upload(old);
    const itemImage = await upload(old);
    await database.db.update(users).set({ profile: sql`${JSON.stringify({ company: "Acme", logoId: logo })}::jsonb` }).where(eq(users.id, userId));
    await database.db.insert(catalogItems).values({ userId, name: "Tea", price: "4", currency: "USD", useFiat: true, imageId: itemImage });
    const left = async () =>
      (await database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, [replacedLogo, logo, itemImage]))).map((u) => u.id).sort();

    await runMaintenance(database, NOW); // first found unused now: the grace starts
    expect(await left()).toEqual([replacedLogo, logo, itemImage].sort());
    await runMaintenance(database, new Date(NOW.getTime() + UNUSED_UPLOAD_GRACE_MS - MINUTE));
    expect(await left()).toEqual([replacedLogo, logo, itemImage].sort());
    await runMaintenance(database, new Date(NOW.getTime() + UNUSED_UPLOAD_GRACE_MS + MINUTE));
    expect(await left()).toEqual([logo, itemImage].sort());
  });

  it("an unused upload is pruned after a day", async () => {
    const userId = await insertMerchant(database.db);
    const DAY = 24 * HOUR;
    const [abandoned] = await database.db.insert(uploads).values({ userId, contentType: "image/png", data: "iVBORw0KGgo=", byteLength: 8, createdAt: NOW }).returning();
    const exists = async () => (await database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, abandoned!.id))).length === 1;
    await runMaintenance(database, NOW); // found unused now
    await runMaintenance(database, new Date(NOW.getTime() + DAY - MINUTE));
    expect(await exists()).toBe(true);
    await runMaintenance(database, new Date(NOW.getTime() + DAY + MINUTE));
    expect(await exists()).toBe(false);

    // UPLOAD_UNUSED_GRACE_HOURS sets another grace.
    const [kept] = await database.db.insert(uploads).values({ userId, contentType: "image/png", data: "iVBORw0KGgo=", byteLength: 8, createdAt: NOW }).returning();
    const twoDays = { unusedUploadGraceMs: 2 * DAY };
    await runMaintenance(database, NOW, twoDays);
    await runMaintenance(database, new Date(NOW.getTime() + DAY + MINUTE), twoDays);
    expect((await database.db.select().from(uploads).where(eq(uploads.id, kept!.id))).length).toBe(1);
    await runMaintenance(database, new Date(NOW.getTime() + 2 * DAY + MINUTE), twoDays);
    expect((await database.db.select().from(uploads).where(eq(uploads.id, kept!.id))).length).toBe(0);
  });

  it("keeps a logo used for a month and replaced today for the grace period from its replacement, and forgets the date of an upload used again", async () => {
    const userId = await insertMerchant(database.db);
    const month = 30 * 24 * 3_600_000;
    const [first] = await database.db.insert(uploads).values({ userId, contentType: "image/png", data: "iVBORw0KGgo=", byteLength: 8, createdAt: ago(month) }).returning();
    const [second] = await database.db.insert(uploads).values({ userId, contentType: "image/png", data: "iVBORw0KGgo=", byteLength: 8, createdAt: NOW }).returning();
    const setLogo = (id: string) => database.db.update(users).set({ profile: sql`${JSON.stringify({ logoId: id })}::jsonb` }).where(eq(users.id, userId));
    const exists = async (id: string) => (await database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id))).length === 1;
    const at = (ms: number) => new Date(NOW.getTime() + ms);

    await setLogo(first!.id);
    await runMaintenance(database, NOW);
    await setLogo(second!.id); // replaced today, a month after its upload
    await runMaintenance(database, at(HOUR));
    await runMaintenance(database, at(2 * HOUR));
    expect(await exists(first!.id)).toBe(true); // yesterday's mails still show it
    await runMaintenance(database, at(HOUR + UNUSED_UPLOAD_GRACE_MS + MINUTE));
    expect(await exists(first!.id)).toBe(false);

    // The second logo: unused for three days, then used again (an item picks it): never deleted while used.
    await setLogo("none");
    await runMaintenance(database, at(UNUSED_UPLOAD_GRACE_MS + 2 * HOUR));
    await database.db.insert(catalogItems).values({ userId, name: "Tea", price: "4", currency: "USD", useFiat: true, imageId: second!.id });
    await runMaintenance(database, at(UNUSED_UPLOAD_GRACE_MS + 3 * HOUR));
    expect((await database.db.select().from(uploads).where(eq(uploads.id, second!.id)))[0]).toMatchObject({ unusedSince: null });
    await runMaintenance(database, at(3 * UNUSED_UPLOAD_GRACE_MS));
    expect(await exists(second!.id)).toBe(true);
  });
});
