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
