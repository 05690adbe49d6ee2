import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ZAPI_IDEMPOTENCY_WINDOW_MS } from "@/lib/zapi";
import type { Database } from "../../db/client";
import { apiIdempotencyKeys } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { insertMerchant } from "../../testing/merchants";
import { createApiPayment } from "./service";

/**
 * An Idempotency-Key is honoured for ZAPI_IDEMPOTENCY_WINDOW_MS, whether or not maintenance has
 * deleted it yet: past the window the same key makes a new payment, even with another body.
 */
describe.each(TEST_BACKENDS)("zAPI Idempotency-Key window (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("replays inside the window and makes a new payment after it", async () => {
    const user = { id: await insertMerchant(database.db), billingCurrency: "USD" };
    const body = { amount: "10", currency: "USD" };
    const first = await createApiPayment(database.db, user, body, "order-7");
    const within = new Date(Date.now() - ZAPI_IDEMPOTENCY_WINDOW_MS + 60_000);
    await database.db.update(apiIdempotencyKeys).set({ createdAt: within }).where(eq(apiIdempotencyKeys.paymentId, first.row.id));
    expect(await createApiPayment(database.db, user, body, "order-7")).toMatchObject({ replayed: true, row: { id: first.row.id } });

    const past = new Date(Date.now() - ZAPI_IDEMPOTENCY_WINDOW_MS - 60_000);
    await database.db.update(apiIdempotencyKeys).set({ createdAt: past }).where(eq(apiIdempotencyKeys.paymentId, first.row.id));
    const later = await createApiPayment(database.db, user, { ...body, amount: "12" }, "order-7");
    expect(later.replayed).toBe(false);
    expect(later.row.id).not.toBe(first.row.id);
    expect(await createApiPayment(database.db, user, { ...body, amount: "12" }, "order-7")).toMatchObject({ replayed: true, row: { id: later.row.id } });
  });
});
