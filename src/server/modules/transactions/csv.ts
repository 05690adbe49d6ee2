import { stringify } from "csv-stringify/sync";
import { sql, type SQL } from "drizzle-orm";
import { CSV_FORMULA_TRIGGERS } from "@/lib/csv-cell";
import { ORDER_TYPE_LABELS } from "@/lib/order-types";
import type { PageCursor } from "@/lib/transaction-filters";
import type { Database, Db } from "../../db/client";
import { copyCsv } from "../../db/copy-csv";
import { afterCursor, cursorIid, downTo, whereOf, type ListScope } from "./query";

/** Rows read per query: large enough to keep round trips rare, small enough to keep memory flat. */
export const CSV_BATCH_SIZE = 20_000;

export const CSV_COLUMNS = ["Date", "Order ID", "Requested Amount", "Received Amount", "Currency", "Status", "Type", "Hash", "Payer", "Chain"] as const;

/**
 * Base units as decimal text in the token's units, done by the database. Exact: '1e-N' parses to
 * a numeric of scale N and numeric products keep every digit (PostgreSQL's power(10, -18) rounds
 * to 16 places, hence not that); trim_scale drops trailing zeros as formatBaseUnits does.
 */
const decimalText = (column: SQL) => sql`trim_scale(${column} * ('1e-' || t.decimals)::numeric)`;

/**
 * Free text as csv-stringify writes it. COPY's CSV quotes exactly as csv-stringify does (a comma,
 * a quote, a CR or an LF; inner quotes doubled) except for the empty string, which COPY writes
 * `""` so as to tell it from NULL: NULL is what csv-stringify's empty field looks like.
 */
const text = (value: SQL) => sql`nullif(${formulaSafe(value)}, '')`;

/** csvSafeText (src/lib/csv-cell.ts) in SQL, from the same trigger list: a formula cell gets a leading quote. */
const formulaSafe = (value: SQL) =>
  sql`(case when left(${value}, 1) in (${sql.join(
    CSV_FORMULA_TRIGGERS.map((c) => sql`${c}`),
    sql`, `,
  )}) then chr(39) || ${value} else ${value} end)`;

/** ORDER_TYPE_LABELS as a CASE, so the SQL lines and the Orders table name a type the same way. */
const typeLabel = sql`(case t.product_type ${sql.join(
  Object.entries(ORDER_TYPE_LABELS).map(([type, label]) => sql`when ${type} then ${label}`),
  sql` `,
)} else t.product_type end)`;

/** The columns of a transaction's CSV line, in CSV_COLUMNS' order. */
const csvColumns = sql`
  to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  ${text(sql`coalesce(t.merchant_extras ->> 'orderId', t.public_id)`)},
  ${decimalText(sql`t.requested_amount`)},
  ${decimalText(sql`t.received_amount`)},
  ${text(sql`t.token`)},
  case when t.refunded_at is not null then 'refunded' else t.status::text end,
  ${typeLabel},
  ${text(sql`t.signature`)},
  ${text(sql`t.payer`)},
  t.chain_id`;

interface BatchBounds {
  rows: number;
  /** The batch's last (oldest) row: the cursor the next batch starts after. */
  last: PageCursor;
}

/**
 * How far the batch after `cursor` reaches: its row count and its oldest row, read over the
 * (user_id, created_at, id) index alone when no filter needs the row itself. Null past the end.
 */
async function batchBounds(db: Db, scope: ListScope, cursor: PageCursor | null, batchSize: number): Promise<BatchBounds | null> {
  const result = (await db.execute(sql`
    with batch as (
      select t.created_at, t.id from transactions t
      where ${whereOf(scope)} and ${afterCursor(cursor, "next")}
      order by t.created_at desc, t.id desc
      limit ${batchSize}
    )
    select (select count(*)::int from batch) as rows, ${cursorIid} as iid, t.id::text as tid
    from batch t order by t.created_at asc, t.id asc limit 1`)) as unknown as { rows: { rows: number; iid: string; tid: string }[] };
  const row = result.rows[0];
  return row ? { rows: row.rows, last: { iid: row.iid, tid: row.tid } } : null;
}

/**
 * The CSV lines of the rows after `cursor` down to `last` included, newest first. Bounded by the
 * cursor pair rather than by a LIMIT: a row that entered the filters since batchBounds counted
 * (a payment just paid) is then written here or in a later batch, never skipped.
 */
const batchLines = (database: Database, scope: ListScope, cursor: PageCursor | null, last: PageCursor) =>
  copyCsv(
    database,
    sql`select ${csvColumns} from transactions t
      where ${whereOf(scope)} and ${afterCursor(cursor, "next")} and ${downTo(last)}
      order by t.created_at desc, t.id desc`,
  );

interface CsvBatch {
  chunks: Uint8Array[];
  /** Where the next batch starts, or null when this one was the last. */
  next: PageCursor | null;
}

async function readBatch(database: Database, scope: ListScope, cursor: PageCursor | null, batchSize: number): Promise<CsvBatch> {
  const bounds = await batchBounds(database.db, scope, cursor, batchSize);
  if (!bounds) return { chunks: [], next: null };
  return { chunks: await batchLines(database, scope, cursor, bounds.last), next: bounds.rows === batchSize ? bounds.last : null };
}

/**
 * Every transaction the filters select as CSV, chunk by chunk, one keyset batch at a time (the
 * same order and index as the pages, never OFFSET). The next batch is read while this one is
 * written out (one batch ahead, no more): the database and the response work at the same time,
 * and a slow download holds two batches at most, because the generator only resumes when the
 * stream has drained what it gave. No connection is held between batches.
 */
async function* exportChunks(database: Database, scope: ListScope, batchSize: number): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(stringify([[...CSV_COLUMNS]]));
  let pending: Promise<CsvBatch> | null = readBatch(database, scope, null, batchSize);
  try {
    while (pending) {
      const batch: CsvBatch = await pending;
      pending = batch.next ? readBatch(database, scope, batch.next, batchSize) : null;
      yield* batch.chunks;
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
export function transactionsCsv(database: Database, scope: ListScope, batchSize = CSV_BATCH_SIZE): ReadableStream<Uint8Array> {
  const chunks = exportChunks(database, scope, batchSize);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
