import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/**
 * A value as a PostgreSQL literal that needs no escaping whatever it holds: strings are
 * dollar-quoted with a tag that cannot end them early (the tag's first occurrence in
 * `value + tag` must be the closing one), so quotes and backslashes stay data whatever
 * standard_conforming_strings says. A NUL would cut the query text short on the wire (the
 * simple protocol sends it NUL-terminated), so it is refused; PostgreSQL text cannot hold one.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot inline ${value}`);
    return String(value);
  }
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") throw new Error(`cannot inline a ${typeof value}`);
  if (value.includes("\0")) throw new Error("cannot inline a NUL character");
  for (let n = 0; ; n++) {
    const tag = n === 0 ? "$z$" : `$z${n}$`;
    if ((value + tag).indexOf(tag) === value.length) return `${tag}${value}${tag}`;
  }
}

/**
 * A drizzle query as one SQL text with its parameters written in as literals, for the one
 * statement PostgreSQL cannot take parameters in: COPY. Placeholders ($1, $2…) are only ever in
 * the text drizzle wrote from our templates; every value a user gave is a parameter, so it only
 * ever comes back through sqlLiteral.
 */
export function inlineSql(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)\b/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`no parameter $${n}`);
    // Spaces around: a literal right after an identifier character would extend the identifier.
    return ` ${sqlLiteral(params[i])} `;
  });
}
