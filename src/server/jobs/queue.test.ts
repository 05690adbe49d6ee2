import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { createLogger } from "../logger";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import { startQueue, stopQueue, type Queue } from "./queue";
import { runMaintenance } from "./maintenance";
import { signinNonces } from "../db/schema";

describe.each(TEST_BACKENDS)("job queue on %s", (kind) => {
  let database: Database;
  let boss: Queue;
  beforeAll(async () => {
    database = await openTestDb(kind);
    boss = await startQueue(database, createLogger("silent"));
  });
  afterAll(async () => {
    await stopQueue(boss);
    await database.close();
  });

  it("runs a job sent to a queue", async () => {
    await boss.createQueue("echo");
    const seen = new Promise<unknown>((resolve) => {
      void boss.work<{ n: number }>("echo", { pollingIntervalSeconds: 0.5 }, async ([job]) => resolve(job.data));
    });
    await boss.send("echo", { n: 42 });
    await expect(seen).resolves.toEqual({ n: 42 });
  });

  it("keeps its tables in the database it shares with the app", async () => {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0].n).toBeGreaterThan(0);
  });

  it("maintenance prunes expired sign-in nonces and keeps live ones", async () => {
    const now = new Date();
    const key = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
    await database.db.insert(signinNonces).values([
      { nonce: `old-${kind}`, publicKey: key, expiresAt: new Date(now.getTime() - 1000) },
      { nonce: `new-${kind}`, publicKey: key, expiresAt: new Date(now.getTime() + 60_000) },
    ]);
    await runMaintenance(database, now);
    const left = (await database.db.select().from(signinNonces)).map((r) => r.nonce);
    expect(left).toContain(`new-${kind}`);
    expect(left).not.toContain(`old-${kind}`);
  });
});
