import { and, isNotNull, isNull, lt, not, sql } from "drizzle-orm";
import { ZAPI_IDEMPOTENCY_WINDOW_MS } from "@/lib/zapi";
import type { Db } from "../db/client";
import { apiIdempotencyKeys, uploads } from "../db/schema";

/**
 * How long an upload nothing uses is kept by default, from when it was first found unused
 * (UPLOAD_UNUSED_GRACE_HOURS). A catalog image is uploaded before its item is saved (the form may
 * stay open a while), and mails already sent show the logo of their day; a day covers the form
 * while uploads nobody uses stop taking room (and quota) soon.
 */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 3_600_000;

/** Deletes zAPI Idempotency-Keys past the window they are honoured for; answers how many. */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - ZAPI_IDEMPOTENCY_WINDOW_MS)))
    .returning({ key: apiIdempotencyKeys.key });
  return gone.length;
}

/** An upload some merchant's profile has as its logo or some catalog item shows (the two things an upload is for; a paid order keeps no image). */
const inUse = sql`(exists (select 1 from users u where u.profile->>'logoId' = ${uploads.id}::text) or exists (select 1 from catalog_items c where c.image_id = ${uploads.id}))`;

/**
 * Deletes the uploads found unused for the whole grace period, and dates the others: an upload
 * used again is undated, one newly found unused is dated now. The grace runs from that date, not
 * from the upload's: a logo used for a year and replaced today still shows in yesterday's mails for
 * the grace period. (Run hourly, so the date is at most an hour late.) Answers how many were deleted.
 */
export async function pruneUnusedUploads(db: Db, now: Date, graceMs = UNUSED_UPLOAD_GRACE_MS): Promise<number> {
  const gone = await db
    .delete(uploads)
    .where(and(lt(uploads.unusedSince, new Date(now.getTime() - graceMs)), not(inUse)))
    .returning({ id: uploads.id });
  await db.update(uploads).set({ unusedSince: null }).where(and(isNotNull(uploads.unusedSince), inUse));
  await db.update(uploads).set({ unusedSince: now }).where(and(isNull(uploads.unusedSince), not(inUse)));
  return gone.length;
}
