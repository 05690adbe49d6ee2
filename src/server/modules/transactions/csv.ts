import { stringify } from "csv-stringify/sync";
import { sql, type SQL } from "drizzle-orm";
import { orderTypeLabel } from "@/lib/order-types";
import type { PageCursor } from "@/lib/transaction-filters";
import type { Db } from "../../db/client";
import { afterCursor, cursorIid, whereOf, type ListScope } from "./query";

/** Rows read per query: large enough to keep round trips rare, small enough to keep memory flat. */
export const CSV_BATCH_SIZE = 5000;

export const CSV_COLUMNS = ["Date", "Order ID", "Requested Amount", "Received Amount", "Currency", "Status", "Type", "Hash", "Payer", "Chain"] as const;

/**
 * Base units as decimal text in the token's units, done by the database. Exact: '1e-N' parses to
 * a numeric of scale N and numeric products keep every digit (PostgreSQL's power(10, -18) rounds
 * to 16 places, hence not that); trim_scale drops trailing zeros as formatBaseUnits does.
 */
const decimalText = (column: SQL) => sql`trim_scale(${column} * ('1e-' || t.decimals)::numeric)::text`;

interface CsvRow {
  id: string;
  iid: string;
  created: string;
  public_id: string;
  order_id: string | null;
  requested: string;
  received: string | null;
  token: string;
  status: string;
  refunded: boolean;
  product_type: string;
  signature: string | null;
  payer: string | null;
  chain_id: number;
}

/** One keyset batch after `cursor` (the same order and index as the pages, never OFFSET). */
async function readBatch(db: Db, scope: ListScope, cursor: PageCursor | null, batchSize: number): Promise<CsvRow[]> {
  const result = (await db.execute(sql`
    select t.id, ${cursorIid} as iid,
      to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
      t.public_id, t.merchant_extras ->> 'orderId' as order_id,
      ${decimalText(sql`t.requested_amount`)} as requested, ${decimalText(sql`t.received_amount`)} as received, t.token,
      t.status, t.refunded_at is not null as refunded, t.product_type, t.signature, t.payer, t.chain_id
    from transactions t
    where ${whereOf(scope)} and ${afterCursor(cursor, "next")}
    order by t.created_at desc, t.id desc
    limit ${batchSize}`)) as unknown as { rows: CsvRow[] };
  return result.rows;
}

const toRecord = (r: CsvRow): string[] => [
  r.created,
  r.order_id ?? r.public_id,
  r.requested,
  r.received ?? "",
  r.token,
  r.refunded ? "refunded" : r.status,
  orderTypeLabel(r.product_type),
  r.signature ?? "",
  r.payer ?? "",
  String(r.chain_id),
];

/**
 * Every transaction the filters select as CSV text, one chunk per keyset batch. The next batch is
 * read while this one is written out (one batch ahead, no more): the database and the CSV writer
 * work at the same time, and a slow download still holds two batches at most, because the
 * generator only resumes when the stream has drained what it gave. Writing a batch in one
 * csv-stringify call instead of a record at a time through a transform stream is what makes the
 * export fast (per-record stream overhead dominated before).
 */
async function* exportChunks(db: Db, scope: ListScope, batchSize: number): AsyncGenerator<string> {
  yield stringify([[...CSV_COLUMNS]]);
  let pending: Promise<CsvRow[]> | null = readBatch(db, scope, null, batchSize);
  try {
    while (pending) {
      const rows: CsvRow[] = await pending;
      const last = rows.length === batchSize ? rows[rows.length - 1] : undefined;
      pending = last ? readBatch(db, scope, { iid: String(last.iid), tid: last.id }, batchSize) : null;
      if (rows.length > 0) yield stringify(rows.map(toRecord));
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
