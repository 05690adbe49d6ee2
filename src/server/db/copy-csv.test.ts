import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BACKENDS, openTestDb } from "../testing/databases";
import type { Database } from "./client";
import { copyCsv } from "./copy-csv";

const text = async (chunks: Uint8Array[]) => new TextDecoder().decode(Buffer.concat(chunks));

describe.each(TEST_BACKENDS)("copyCsv on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDb(kind);
  });
  afterAll(() => database?.close());

  it("answers the query's rows as CSV, its values written in, quoted where a field needs it", async () => {
    const odd = `a,"b"\nc 'd' \\ $z$`;
    const chunks = await copyCsv(database, sql`select ${odd}::text as a, g as b, nullif('', '') as c from generate_series(1, 3) g order by g desc`);
    expect(await text(chunks)).toBe(`"a,""b""\nc 'd' \\ $z$",3,\n` + `"a,""b""\nc 'd' \\ $z$",2,\n` + `"a,""b""\nc 'd' \\ $z$",1,\n`);
  });

  it("answers nothing for no rows", async () => {
    expect(await text(await copyCsv(database, sql`select 1 where false`))).toBe("");
  });

  it("rejects a failing query and leaves every connection usable", async () => {
    await expect(copyCsv(database, sql`select 1 / (g - 2) from generate_series(1, 5) g`)).rejects.toThrow(/division by zero/);
    for (let i = 0; i < 12; i++) expect(await text(await copyCsv(database, sql`select ${i}::int`))).toBe(`${i}\n`);
    const row = (await database.db.execute(sql`select 41 + 1 as n`)) as unknown as { rows: { n: number }[] };
    expect(row.rows[0].n).toBe(42);
    if (database.pool) {
      // Nothing held: every connection the pool opened is idle again (a leak would keep one checked out).
      expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
    }
  });
});
