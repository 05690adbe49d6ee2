import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDb, type Database } from "../db/client";

/**
 * The backends every integration test runs on: in-memory PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL names a server (each suite gets its own fresh database there, dropped after).
 */
export const TEST_BACKENDS: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `zpay_t_${randomBytes(6).toString("hex")}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Opens a fresh, migrated database of the given kind; `close()` also drops a PostgreSQL one. */
export async function openTestDb(kind: "pglite" | "postgres"): Promise<Database> {
  if (kind === "pglite") return openDb({ memory: true });
  const fresh = await createPostgresDatabase();
  const database = await openDb({ databaseUrl: fresh.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}
