import { and, lt, sql } from "drizzle-orm";
import { ZAPI_IDEMPOTENCY_WINDOW_MS } from "@/lib/zapi";
import type { Db } from "../db/client";
import { apiIdempotencyKeys, uploads } from "../db/schema";

/**
 * How long an upload nothing uses is kept. A catalog image is uploaded before its item is saved
 * (the form may stay open a while), and mails already sent show the logo of their day; a week
 * covers both while a replaced logo (a new one is a new row) stops taking room.
 */
export const UNUSED_UPLOAD_GRACE_MS = 7 * 24 * 3_600_000;

/** Deletes zAPI Idempotency-Keys past the window they are honoured for; answers how many. */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, new Date(now.getTime() - ZAPI_IDEMPOTENCY_WINDOW_MS)))
    .returning({ key: apiIdempotencyKeys.key });
  return gone.length;
}

/**
 * Deletes uploads older than the grace period that no merchant's profile has as its logo and no
 * catalog item shows (the two things an upload is for; a paid order keeps no image). Answers how many.
 */
export async function pruneUnusedUploads(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, new Date(now.getTime() - UNUSED_UPLOAD_GRACE_MS)),
        sql`not exists (select 1 from users u where u.profile->>'logoId' = uploads.id::text)`,
        sql`not exists (select 1 from catalog_items c where c.image_id = uploads.id)`,
      ),
    )
    .returning({ id: uploads.id });
  return gone.length;
}
