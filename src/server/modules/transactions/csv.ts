import { stringify } from "csv-stringify/sync";
import { sql, type SQL } from "drizzle-orm";
import { ORDER_TYPE_LABELS } from "@/lib/order-types";
import type { PageCursor } from "@/lib/transaction-filters";
import type { Db } from "../../db/client";
import { afterCursor, whereOf, type ListScope } from "./query";

/** Rows read per query: large enough to keep round trips rare, small enough to keep memory flat. */
export const CSV_BATCH_SIZE = 5000;

export const CSV_COLUMNS = ["Date", "Order ID", "Requested Amount", "Received Amount", "Currency", "Status", "Type", "Hash", "Payer", "Chain"] as const;

/**
 * Base units as decimal text in the token's units, done by the database. Exact: '1e-N' parses to
 * a numeric of scale N and numeric products keep every digit (PostgreSQL's power(10, -18) rounds
 * to 16 places, hence not that); trim_scale drops trailing zeros as formatBaseUnits does.
 */
const decimalText = (column: SQL) => sql`trim_scale(${column} * ('1e-' || t.decimals)::numeric)::text`;

/**
 * A free-text field exactly as csv-stringify writes it (its defaults): quoted, inner quotes
 * doubled, only when it holds a comma, a quote, a CR or an LF. Done by the database so a row
 * reaches this process as part of one line of text, not as an object of fourteen fields.
 */
const csvField = (value: SQL) => sql`(case when ${value} ~ '[",\r\n]' then '"' || replace(${value}, '"', '""') || '"' else ${value} end)`;

/** ORDER_TYPE_LABELS as a CASE, so the SQL lines and the Orders table name a type the same way. */
const typeLabel = sql`(case t.product_type ${sql.join(
  Object.entries(ORDER_TYPE_LABELS).map(([type, label]) => sql`when ${type} then ${label}`),
  sql` `,
)} else t.product_type end)`;

/** One CSV line (LF-terminated) of a transaction, in CSV_COLUMNS' order. */
const csvLine = sql`concat(
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ',',
  ${csvField(sql`coalesce(t.merchant_extras ->> 'orderId', t.public_id)`)}, ',',
  ${decimalText(sql`t.requested_amount`)}, ',',
  ${decimalText(sql`t.received_amount`)}, ',',
  ${csvField(sql`t.token`)}, ',',
  case when t.refunded_at is not null then 'refunded' else t.status::text end, ',',
  ${typeLabel}, ',',
  ${csvField(sql`t.signature`)}, ',',
  ${csvField(sql`t.payer`)}, ',',
  t.chain_id, E'\n')`;

interface CsvBatch {
  rows: number;
  text: string | null;
  /** The cursor of the batch's last (oldest) row, `iid/tid`. */
  last: string | null;
}

/**
 * One keyset batch after `cursor` (the same order and index as the pages, never OFFSET), as the
 * text of its lines and the cursor of its last row. One string a batch is what keeps the export
 * fast and this process's memory flat: per-row objects were most of its garbage.
 */
async function readBatch(db: Db, scope: ListScope, cursor: PageCursor | null, batchSize: number): Promise<CsvBatch> {
  const result = (await db.execute(sql`
    with batch as (
      select t.id, t.created_at, ${csvLine} as line
      from transactions t
      where ${whereOf(scope)} and ${afterCursor(cursor, "next")}
      order by t.created_at desc, t.id desc
      limit ${batchSize}
    )
    select count(*)::int as rows,
      string_agg(line, '' order by created_at desc, id desc) as text,
      (select (extract(epoch from b.created_at) * 1000000)::bigint::text || '/' || b.id
        from batch b order by b.created_at asc, b.id asc limit 1) as last
    from batch`)) as unknown as { rows: CsvBatch[] };
  return result.rows[0];
}

/**
 * Every transaction the filters select as CSV text, one chunk per keyset batch. The next batch is
 * read while this one is written out (one batch ahead, no more): the database and the response
 * work at the same time, and a slow download still holds two batches at most, because the
 * generator only resumes when the stream has drained what it gave.
 */
async function* exportChunks(db: Db, scope: ListScope, batchSize: number): AsyncGenerator<string> {
  yield stringify([[...CSV_COLUMNS]]);
  let pending: Promise<CsvBatch> | null = readBatch(db, scope, null, batchSize);
  try {
    while (pending) {
      const batch: CsvBatch = await pending;
      const [iid, tid] = batch.rows === batchSize && batch.last ? batch.last.split("/") : [];
      pending = iid && tid ? readBatch(db, scope, { iid, tid }, batchSize) : null;
      if (batch.text) yield batch.text;
    }
  } finally {
    // A download abandoned mid-way: the read already started must not surface as an unhandled rejection.
    pending?.catch(() => undefined);
  }
}

/**
 * transactions.csv as a web stream: header then rows. Pull-based, so backpressure reaches the
 * database reads: the next batch is asked for only when the response has taken the last one (a
 * Node Readable bridged with Readable.toWeb buffered ahead of a fast reader instead).
 */
export function transactionsCsv(db: Db, scope: ListScope, batchSize = CSV_BATCH_SIZE): ReadableStream<Uint8Array> {
  const chunks = exportChunks(db, scope, batchSize);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
