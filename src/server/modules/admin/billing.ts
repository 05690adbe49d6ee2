import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { csvSafeText } from "@/lib/csv-cell";
import { and, gte, inArray, isNotNull, lt, sql, eq } from "drizzle-orm";
import { formatBaseUnits } from "@/lib/money";
import type { BillingRowDto, MonthRange } from "@/lib/admin-stats";
import type { Db } from "../../db/client";
import { transactions, users } from "../../db/schema";
import { USD_DECIMALS, toUsdUnits } from "../dashboard";

export const BILLING_CSV_COLUMNS = ["Month", "Merchant ID", "Public key", "E-mail", "Payments", "Volume (USD)"] as const;

/** The first instant of a month (yyyy-MM) and of the month after another. */
function monthBounds(range: MonthRange): { from: Date; until: Date } {
  const [year, month] = range.to.split("-").map(Number) as [number, number];
  return { from: new Date(`${range.from}-01T00:00:00Z`), until: new Date(Date.UTC(year, month, 1)) };
}

/**
 * Paid volume per merchant per UTC month of payment (paid or validated; what arrived, else what
 * was asked, in USD), summed by the database through `transactions_paid_at_idx`. Ordered by month,
 * then by volume, largest first. Merchants with nothing paid in a month have no row for it.
 */
export async function billingRows(db: Db, range: MonthRange): Promise<BillingRowDto[]> {
  const { from, until } = monthBounds(range);
  const month = sql<string>`to_char(${transactions.paidAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      userId: transactions.userId,
      publicKey: users.publicKey,
      email: users.email,
      decimals: transactions.decimals,
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(coalesce(${transactions.receivedAmount}, ${transactions.requestedAmount})), 0)::text`,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(
      and(isNotNull(transactions.paidAt), gte(transactions.paidAt, from), lt(transactions.paidAt, until), inArray(transactions.status, ["paid", "validated"])),
    )
    .groupBy(month, transactions.userId, users.publicKey, users.email, transactions.decimals);

  // Tokens of different decimals of one merchant and month add up once scaled to USD units.
  const merged = new Map<string, { row: (typeof rows)[number]; count: number; volume: bigint }>();
  for (const row of rows) {
    const key = `${row.month}/${row.userId}`;
    const m = merged.get(key) ?? { row, count: 0, volume: 0n };
    m.count += row.count;
    m.volume += toUsdUnits(BigInt(row.total), row.decimals);
    merged.set(key, m);
  }
  return [...merged.values()]
    .sort((a, b) => a.row.month.localeCompare(b.row.month) || (b.volume > a.volume ? 1 : b.volume < a.volume ? -1 : a.row.publicKey.localeCompare(b.row.publicKey)))
    .map(({ row, count, volume }) => ({
      month: row.month,
      merchant: { _id: row.userId, publicKey: row.publicKey, email: row.email },
      count,
      volume: formatBaseUnits(volume, USD_DECIMALS),
    }));
}

/** billing.csv: one line per merchant and month, the same rows as the page. */
export function billingCsv(rows: BillingRowDto[]): ReadableStream<Uint8Array> {
  const lines = rows.map((r) => [r.month, r.merchant._id, r.merchant.publicKey, r.merchant.email ?? "", String(r.count), r.volume]);
  const csv = Readable.from(lines).pipe(stringify({ header: true, columns: [...BILLING_CSV_COLUMNS], cast: { string: csvSafeText } }));
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
