import { PgBoss, fromPglite } from "pg-boss";
import type { Database } from "../db/client";
import type { Logger } from "../logger";

export type Queue = PgBoss;

/** Queue names: one place so producers and workers cannot drift apart. */
export const QUEUES = { dbMaintenance: "db-maintenance" } as const;

/**
 * Starts pg-boss on the same database as the app: its PGlite adapter in embedded mode, its own
 * pool on PostgreSQL. Jobs live in the `pgboss` schema, so they commit with the app's data.
 * LISTEN/NOTIFY is on: a job sent to a notify-enabled queue wakes its workers at once (in this
 * process on PGlite; in every process on PostgreSQL, over one dedicated listening connection),
 * and polling stays as the fallback.
 */
export async function startQueue(database: Database, log: Logger): Promise<Queue> {
  const boss =
    database.kind === "pglite"
      ? new PgBoss({ db: fromPglite(database.pglite!), schema: "pgboss", useListenNotify: true })
      : new PgBoss({ connectionString: database.connectionString!, schema: "pgboss", max: 4, useListenNotify: true });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();
  return boss;
}

/** Stops taking jobs, lets running ones finish (up to `timeoutMs`), then stops. */
export async function stopQueue(boss: Queue, timeoutMs = 10_000): Promise<void> {
  await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
}
