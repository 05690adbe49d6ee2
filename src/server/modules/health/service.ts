import { migrationState } from "../../db/client";
import type { AppDeps } from "../../deps";

/** Probes the database; a failure is reported as `degraded`, never thrown. */
export async function readHealth({ env, database, log, startedAt }: AppDeps) {
  const uptimeSeconds = startedAt ? Math.round((Date.now() - startedAt.getTime()) / 1000) : 0;
  try {
    const migration = await migrationState(database.db);
    const current = migration.applied === migration.available;
    return {
      status: current ? ("ok" as const) : ("degraded" as const),
      mode: env.ZPAY_MODE,
      database: { kind: database.kind, reachable: true, migration },
      uptimeSeconds,
    };
  } catch (err) {
    log.error({ err }, "health: database probe failed");
    return {
      status: "degraded" as const,
      mode: env.ZPAY_MODE,
      database: { kind: database.kind, reachable: false, migration: { version: null, applied: 0, available: 0 } },
      uptimeSeconds,
    };
  }
}

/** What any caller may see: no mode, database kind or migration, which help an attacker more than a monitor. */
export function publicHealth(health: Awaited<ReturnType<typeof readHealth>>) {
  return { status: health.status, database: { reachable: health.database.reachable }, uptimeSeconds: health.uptimeSeconds };
}
