import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineSql, sqlLiteral } from "./inline-sql";

describe("sqlLiteral and inlineSql", () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = new PGlite();
  });
  afterAll(() => pg.close());

  const roundTrip = async (literal: string) => (await pg.query<{ v: string }>(`select ${literal}::text as v`)).rows[0].v;

  it("writes any text so that PostgreSQL reads back exactly that text, quotes, backslashes and dollar tags included", async () => {
    const tricky = ["", "'", "''", "\\", "\\'", "$", "$$", "$z$", "a$z", "$z", "z$", "$z$z$", "$z1$", "'); drop table x; --", "é 注文 😀", "line\nbreak\r"];
    for (const value of tricky) expect(await roundTrip(sqlLiteral(value))).toBe(value);
    const alphabet = fc.constantFrom("$", "z", "1", "'", "\\", "\n", "a", ";", "-", " ");
    const samples = fc.sample(fc.string({ unit: alphabet, maxLength: 16 }), 300);
    for (const value of samples) expect(await roundTrip(sqlLiteral(value))).toBe(value);
  });

  it("keeps backslashes and quotes as data when standard_conforming_strings is off", async () => {
    await pg.exec("set standard_conforming_strings = off");
    try {
      for (const value of ["\\'", "\\", "a\\'; select 1; --"]) expect(await roundTrip(sqlLiteral(value))).toBe(value);
    } finally {
      await pg.exec("set standard_conforming_strings = on");
    }
  });

  it("refuses what it cannot write: a NUL, objects, infinities", () => {
    expect(() => sqlLiteral("a\0b")).toThrow(/NUL/);
    expect(() => sqlLiteral({ a: 1 })).toThrow(/object/);
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow();
    expect(sqlLiteral(null)).toBe("null");
    expect(sqlLiteral(42)).toBe("42");
    expect(sqlLiteral(10n ** 20n)).toBe("100000000000000000000");
  });

  it("writes a drizzle query's parameters in place, each one where its placeholder was", async () => {
    const name = "it's $1 \\ $z$";
    const query = sql`select ${name}::text as a, ${7}::int + 1 as b, ${"x"}||${"y"} as c, ${null}::text as d`;
    const text = inlineSql(query);
    const row = (await pg.query<{ a: string; b: number; c: string; d: null }>(text)).rows[0];
    expect(row).toEqual({ a: name, b: 8, c: "xy", d: null });
  });
});
