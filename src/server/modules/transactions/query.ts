import { sql, type SQL } from "drizzle-orm";
import type { ProductType } from "@/lib/product-types";
import { PARTLY_PAID, parseDay, type Day, type FilterStatus, type PageCursor, type TransactionFilters } from "@/lib/transaction-filters";

/**
 * The WHERE clause and order of the Orders list (SPEC §2/§3), written once for the page, the
 * CSV export and the bench. Every list walks one total order, newest first:
 * (created_at DESC, id DESC) over the index transactions_user_created_id_idx (user_id,
 * created_at, id); a page starts strictly after its cursor, so rows inserted meanwhile (always
 * newer) never shift or repeat the pages that follow, and no OFFSET is ever used.
 */

/** created_at as exact microseconds since 1970 (a JS Date would drop the last three digits). */
export const cursorIid = sql<string>`(extract(epoch from t.created_at) * 1000000)::bigint::text`;

/** The timestamp of a cursor's iid; exact: microseconds below 2^53 survive the float factor. */
const cursorTime = (iid: string) => sql`(timestamptz 'epoch' + ${iid}::bigint * interval '1 microsecond')`;

const dayStart = (d: Day, tz: string) =>
  sql`(${`${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`}::timestamp at time zone ${tz})`;

/** ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Scale a decimal text to the token's base units inside SQL (decimals differ per row). */
const baseUnits = (amount: string) => sql`(${amount}::numeric * power(10::numeric, t.decimals))`;

/** A zInvoice or v1 invoice payment whose invoice's Bill To `key` contains `text`. */
const billedToMatches = (key: "name" | "email", text: string) =>
  sql`exists (select 1 from invoices i where t.product_type in ('bill', 'invoice') and i.id = t.product_id and (i.bill_to ->> ${key}) ilike ${contains(text)})`;

/** The statuses asked for; partly paid is an initiated payment with money already in. */
function statusIn(statuses: readonly FilterStatus[]): SQL {
  const own = statuses.filter((s) => s !== PARTLY_PAID);
  const any: SQL[] = [];
  if (own.length) any.push(sql`t.status in (${sql.join(own.map((s) => sql`${s}`), sql`, `)})`);
  if (statuses.includes(PARTLY_PAID)) any.push(sql`(t.status = 'initiated' and t.received_amount > 0)`);
  return sql`(${sql.join(any, sql` or `)})`;
}

export interface ListScope {
  userId: string;
  /** Null: no filter at all (GET /all-transactions). */
  filters: TransactionFilters | null;
  /** Only this product type (the zAPI page lists type dynamic); every type when absent. */
  productType?: ProductType;
  timeZone: string;
}

export function whereOf({ userId, filters, timeZone, productType }: ListScope): SQL {
  const parts: SQL[] = [sql`t.user_id = ${userId}`];
  if (productType) parts.push(sql`t.product_type = ${productType}`);
  if (filters) {
    parts.push(statusIn(filters.txStatus));
    const start = parseDay(filters.timeStart)!;
    const end = parseDay(filters.timeEnd)!;
    parts.push(sql`t.created_at >= ${dayStart(start, timeZone)}`);
    parts.push(sql`t.created_at < (${dayStart(end, timeZone)} + interval '1 day')`);
    if (filters.minAmount) parts.push(sql`t.requested_amount >= ${baseUnits(filters.minAmount)}`);
    if (filters.maxAmount) parts.push(sql`t.requested_amount <= ${baseUnits(filters.maxAmount)}`);
    const text = filters.filterText;
    if (text) {
      const any: SQL[] = [];
      for (const field of filters.filterFields) {
        if (field === "hash") any.push(sql`t.signature = ${text}`);
        // The zLink / zRequest / zInvoice tables show their product's public id as its Order ID:
        // it finds that product's payments too. The product is looked up once (two InitPlans), so
        // the condition stays an index lookup on (product_type, product_id) beside the others.
        if (field === "order_id")
          any.push(
            sql`t.public_id = ${text} or (t.merchant_extras ->> 'orderId') = ${text} or (t.product_type = (select l.product_type from payable_links l where l.hashed_id = ${text}) and t.product_id = (select l.product_id from payable_links l where l.hashed_id = ${text}))`,
          );
        // Who paid, as each product knows them: a donor's name, a zRequest's payee, an invoice's Bill To.
        if (field === "name")
          any.push(
            sql`(t.order_details -> 'donor' ->> 'name') ilike ${contains(text)} or exists (select 1 from collects c where t.product_type = 'collect' and c.id = t.product_id and c.name ilike ${contains(text)}) or ${billedToMatches("name", text)}`,
          );
        if (field === "email")
          any.push(
            sql`exists (select 1 from collects c where t.product_type = 'collect' and c.id = t.product_id and c.email ilike ${contains(text)}) or ${billedToMatches("email", text)}`,
          );
      }
      parts.push(sql`(${sql.join(any, sql` or `)})`);
    }
  }
  return sql.join(parts, sql` and `);
}

export type Direction = "next" | "prev";

/** Rows after (next) or before (prev) the cursor in the newest-first order. */
export function afterCursor(cursor: PageCursor | null, direction: Direction): SQL {
  if (!cursor) return sql`true`;
  return direction === "next"
    ? sql`(t.created_at, t.id) < (${cursorTime(cursor.iid)}, ${cursor.tid}::uuid)`
    : sql`(t.created_at, t.id) > (${cursorTime(cursor.iid)}, ${cursor.tid}::uuid)`;
}

/** Rows down to the cursor's row, itself included, in the newest-first order: where a CSV batch ends. */
export const downTo = (cursor: PageCursor): SQL => sql`(t.created_at, t.id) >= (${cursorTime(cursor.iid)}, ${cursor.tid}::uuid)`;

export const orderOf = (direction: Direction) =>
  direction === "next" ? sql`order by t.created_at desc, t.id desc` : sql`order by t.created_at asc, t.id asc`;

