import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrationState, openDb } from "./client";
import { fiatCurrencies } from "./schema";
import { newestMigrationTag } from "../testing/migrations";
import { createPostgresDatabase } from "../testing/databases";

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-db-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("openDb on a PGlite data directory", () => {
  it("migrates, keeps data across reopen, and refuses a second process meanwhile", async () => {
    const first = await openDb({ dataDir });
    await first.db.insert(fiatCurrencies).values({ code: "XTS", name: "Test currency" });
    expect((await migrationState(first.db)).version).toBe(newestMigrationTag());

    // A second process opening the same directory must be refused, not corrupt it.
    const script = `import("${path.resolve("src/server/db/client.ts")}").then(m => m.openDb({ dataDir: ${JSON.stringify(dataDir)} }))`;
    const second = run(process.execPath, ["--import", "tsx", "-e", script], { cwd: process.cwd() });
    await expect(second).rejects.toMatchObject({ stderr: expect.stringMatching(/already in use by another zpay process/) });

    await first.close();
    const reopened = await openDb({ dataDir });
    const rows = await reopened.db.execute(sql`select name from fiat_currencies where code = 'XTS'`);
    expect((rows as unknown as { rows: { name: string }[] }).rows).toEqual([{ name: "Test currency" }]);
    await reopened.close();
    expect(fs.existsSync(path.join(dataDir, "zpay.lock"))).toBe(false);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("openDb on PostgreSQL", () => {
  it("lets several processes start at once on a fresh database: all open it, migrations apply once", async () => {
    const fresh = await createPostgresDatabase();
    try {
      // Separate processes, as several app instances starting together would be.
      const script = `import("${path.resolve("src/server/db/client.ts")}").then(async (m) => { const d = await m.openDb({ databaseUrl: process.env.URL }); await d.close(); console.log("opened"); })`;
      const starts = Array.from({ length: 4 }, () =>
        run(process.execPath, ["--import", "tsx", "-e", script], { cwd: process.cwd(), env: { ...process.env, URL: fresh.url } }),
      );
      const outcomes = await Promise.allSettled(starts);
      const failures = outcomes.flatMap((o) => (o.status === "rejected" ? [String((o.reason as { stderr?: string }).stderr ?? o.reason)] : []));
      expect(failures).toEqual([]);

      const database = await openDb({ databaseUrl: fresh.url });
      try {
        const state = await migrationState(database.db);
        expect(state).toMatchObject({ version: newestMigrationTag(), applied: state.available });
        // Released after: no advisory lock is left behind on this database.
        const locks = await database.db.execute(
          sql`select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = current_database()`,
        );
        expect((locks as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
