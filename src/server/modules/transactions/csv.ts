import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
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

/**
 * Every transaction the filters select, read in keyset batches (the same order and index as the
 * pages, never OFFSET, never the whole set in memory): the generator only asks for the next batch
 * when the CSV stream has drained the last one, so a slow download holds one batch at most.
 */
async function* exportRows(db: Db, scope: ListScope, batchSize: number): AsyncGenerator<string[]> {
  let cursor: PageCursor | null = null;
  for (;;) {
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
    for (const r of result.rows) {
      yield [
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
    }
    if (result.rows.length < batchSize) return;
    const last = result.rows[result.rows.length - 1];
    cursor = { iid: String(last.iid), tid: last.id };
  }
}

/** transactions.csv as a web stream: header then rows, backpressure carried to the database reads. */
export function transactionsCsv(db: Db, scope: ListScope, batchSize = CSV_BATCH_SIZE): ReadableStream<Uint8Array> {
  const source = Readable.from(exportRows(db, scope, batchSize));
  const csv = source.pipe(stringify({ header: true, columns: [...CSV_COLUMNS] }));
  // pipe() does not carry errors: a failed read must end the download as failed, not as a short file.
  source.on("error", (error) => csv.destroy(error));
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
