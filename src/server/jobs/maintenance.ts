import { lt, sql } from "drizzle-orm";
import { SIGNIN_MAX_SKEW_MS } from "@/lib/signin-message";
import { sessions, signinNonces } from "../db/schema";
import type { Database } from "../db/client";
import type { Logger } from "../logger";
import { pruneIdempotencyKeys, pruneUnusedUploads } from "./prune";
import { QUEUES, type Queue } from "./queue";

/** Hourly: PGlite has no autovacuum, so statistics and dead rows are handled here. */
export const MAINTENANCE_CRON = "17 * * * *";

export interface MaintenanceOptions {
  /** How long an unused upload is kept (UPLOAD_UNUSED_GRACE_HOURS); default a day. */
  unusedUploadGraceMs?: number;
}

export async function runMaintenance(database: Database, now = new Date(), options: MaintenanceOptions = {}): Promise<void> {
  // Expired sign-in nonces are refused anyway; they only take room.
  await database.db.delete(signinNonces).where(lt(signinNonces.expiresAt, now));
  const horizon = new Date(now.getTime() - 2 * SIGNIN_MAX_SKEW_MS);
  await database.db.delete(sessions).where(lt(sessions.validTill, horizon));
  await pruneIdempotencyKeys(database.db, now);
  await pruneUnusedUploads(database.db, now, options.unusedUploadGraceMs);
  if (database.kind !== "pglite") return; // PostgreSQL's autovacuum does the rest itself.
  await database.db.execute(sql`VACUUM`);
  await database.db.execute(sql`ANALYZE`);
}

export async function scheduleMaintenance(boss: Queue, database: Database, log: Logger, options: MaintenanceOptions = {}): Promise<void> {
  await boss.createQueue(QUEUES.dbMaintenance);
  await boss.schedule(QUEUES.dbMaintenance, MAINTENANCE_CRON);
  await boss.work(QUEUES.dbMaintenance, async () => {
    const started = Date.now();
    await runMaintenance(database, new Date(), options);
    log.info({ ms: Date.now() - started, kind: database.kind }, "database maintenance done");
  });
}
