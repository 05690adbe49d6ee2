import { inArray, sql } from "drizzle-orm";
import type { PageCursor } from "@/lib/transaction-filters";
import type { Db } from "../../db/client";
import { transactions, type TransactionRow } from "../../db/schema";
import { afterCursor, cursorIid, orderOf, whereOf, type Direction, type ListScope } from "./query";

export interface TransactionPage {
  rows: TransactionRow[];
  /** Cursors of the first and last row, in display order. */
  cursors: PageCursor[];
  next: PageCursor | null;
  prev: PageCursor | null;
}

type KeyRow = { id: string; iid: string };

/**
 * One page of the merchant's transactions, newest first, starting after `cursor` (keyset paging:
 * the same few index pages are read wherever the page lies). One more row than the page is read
 * to know whether another page follows in that direction; a page reached going back always has
 * the one it came from after it.
 */
export async function listTransactionsPage(db: Db, scope: ListScope, cursor: PageCursor | null, direction: Direction, size: number): Promise<TransactionPage> {
  const result = (await db.execute(
    sql`select t.id, ${cursorIid} as iid from transactions t where ${whereOf(scope)} and ${afterCursor(cursor, direction)} ${orderOf(direction)} limit ${size + 1}`,
  )) as unknown as { rows: KeyRow[] };
  let keys = result.rows.slice(0, size);
  const more = result.rows.length > size;
  if (direction === "prev") keys = keys.reverse();
  const full = keys.length ? await db.select().from(transactions).where(inArray(transactions.id, keys.map((k) => k.id))) : [];
  const byId = new Map(full.map((r) => [r.id, r]));
  const rows = keys.map((k) => byId.get(k.id)).filter((r): r is TransactionRow => r !== undefined);
  const cursors = keys.map((k) => ({ iid: String(k.iid), tid: k.id }));
  const first = cursors[0] ?? null;
  const last = cursors[cursors.length - 1] ?? null;
  if (direction === "next") return { rows, cursors, next: more ? last : null, prev: cursor ? first : null };
  // Going back: an empty page (everything before it was deleted) links forward from the cursor itself.
  return { rows, cursors, prev: more ? first : null, next: last ?? cursor };
}
