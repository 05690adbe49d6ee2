import type { SQL } from "drizzle-orm";
import copyStreams from "pg-copy-streams";
import type { Database } from "./client";
import { inlineSql } from "./inline-sql";

/**
 * The rows of `query` as CSV, written by PostgreSQL's own COPY … (FORMAT csv): the fastest way
 * the database has to turn rows into text (C code, no row objects in this process). On the
 * server the output arrives as the network chunks it came in; embedded PGlite writes it to a
 * blob. Everything is read before returning, so the connection goes back to the pool at once
 * and a slow download never holds one: keep `query` to a batch.
 *
 * COPY takes no parameters, so the query's values are written into its text (inline-sql.ts).
 * PostgreSQL quotes a field holding a comma, a quote, a CR or an LF and doubles inner quotes,
 * as csv-stringify does; it also quotes an empty string (`""`), so give it NULL for ''.
 */
export async function copyCsv(database: Database, query: SQL): Promise<Uint8Array[]> {
  const select = inlineSql(query);
  if (database.pool) {
    const client = await database.pool.connect();
    try {
      const chunks: Uint8Array[] = [];
      const stream = client.query(copyStreams.to(`copy (${select}) to stdout with (format csv)`));
      for await (const chunk of stream) chunks.push(chunk as Uint8Array);
      client.release();
      return chunks;
    } catch (error) {
      // A COPY cut short leaves the connection mid-protocol: the pool must drop it, not lend it again.
      client.release(error as Error);
      throw error;
    }
  }
  if (!database.pglite) throw new Error("copyCsv needs a PostgreSQL pool or PGlite");
  const pglite = database.pglite;
  try {
    const result = await pglite.query(`copy (${select}) to '/dev/blob' with (format csv)`);
    return result.blob ? [new Uint8Array(await result.blob.arrayBuffer())] : [];
  } catch (error) {
    // PGlite keeps what a failed COPY wrote to /dev/blob and hands it to the next COPY as the
    // start of its output: an empty COPY takes it, so no later export begins with stray rows.
    await pglite.query("copy (select 1 where false) to '/dev/blob'").catch(() => undefined);
    throw error;
  }
}
