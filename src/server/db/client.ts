import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { lockDataDir } from "./lock";

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  kind: DbKind;
  db: Db;
  /** The raw PGlite instance (embedded mode only), for pg-boss's adapter. */
  pglite?: PGlite;
  /** PostgreSQL connection string (server mode only), for pg-boss's own pool. */
  connectionString?: string;
  /** The PostgreSQL pool (server mode only), for stores that share state between processes (rate limits). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export type OpenDbOptions =
  | { databaseUrl: string }
  | { dataDir: string }
  /** In-memory PGlite, for tests: nothing on disk, no lock. */
  | { memory: true };

/**
 * Key of the session advisory lock migrations run under on PostgreSQL (two-int key, 'zp'
 * namespace 0x7a70_0000 like the other zpay locks, 0 = migrations): the same in every zpay
 * process, so instances starting together migrate one after another.
 */
export const MIGRATION_LOCK_KEY = [0x7a70_0000, 0] as const;

/**
 * Applies pending migrations on PostgreSQL while holding the migration advisory lock, on a
 * dedicated connection (a session lock belongs to its connection; a pooled one could be handed
 * to someone else). Several processes may start at once: the first migrates, the others wait and
 * then find nothing left to do. Closing the connection releases the lock even if unlocking fails.
 */
async function migratePostgres(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  client.on("error", () => {}); // a dropped connection surfaces as the failed query below
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1, $2)", [...MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1, $2)", [...MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Opens the one database the process uses and applies pending migrations:
 * PostgreSQL when a URL is given, otherwise embedded PGlite in a data directory (locked to
 * this process) or in memory.
 */
export async function openDb(options: OpenDbOptions): Promise<Database> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client the server closes (restart, failover, DROP DATABASE … FORCE) is dropped by the
    // pool, which then emits 'error': without a listener that event would crash the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migratePostgres(options.databaseUrl);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return { kind: "postgres", db, connectionString: options.databaseUrl, pool, close: () => pool.end() };
  }

  const release = "dataDir" in options ? lockDataDir(options.dataDir) : () => {};
  try {
    const pglite = "dataDir" in options ? new PGlite(path.join(options.dataDir, "pglite")) : new PGlite();
    await pglite.waitReady;
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_DIR });
    return {
      kind: "pglite",
      db,
      pglite,
      close: async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

let journal: JournalEntry[] | undefined;

/** The migrations shipped with this build; read once, since they cannot change while running. */
function readJournal(): JournalEntry[] {
  const file = path.join(MIGRATIONS_DIR, "meta", "_journal.json");
  journal ??= (JSON.parse(fs.readFileSync(file, "utf8")) as { entries: JournalEntry[] }).entries;
  return journal;
}

export interface MigrationState {
  /** Tag of the last applied migration, e.g. `0001_seed_currencies`. */
  version: string | null;
  applied: number;
  /** Migrations shipped with this build; equal to `applied` when the schema is current. */
  available: number;
}

/** Reads what drizzle's migrator recorded and names it with the journal's tag. */
export async function migrationState(db: Db): Promise<MigrationState> {
  const result = (await db.execute(
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { count: number; last: string | null }[] };
  const row = result.rows[0];
  const entries = readJournal();
  const last = row?.last == null ? undefined : entries.find((e) => String(e.when) === row.last);
  return { version: last?.tag ?? null, applied: Number(row?.count ?? 0), available: entries.length };
}
