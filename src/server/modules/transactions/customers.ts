import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export interface PayerSummary {
  payer: string;
  chain: number;
  payments: number;
  lastPaidAt: string;
}

/** SPEC §7 GET /customers: the wallets that paid this merchant (paid or validated), latest first. */
export async function listPayers(db: Db, userId: string, limit = 100): Promise<PayerSummary[]> {
  const result = (await db.execute(sql`
    select t.payer, t.chain_id as chain, count(*)::int as payments,
      to_char(max(coalesce(t.paid_at, t.created_at)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastPaidAt"
    from transactions t
    where t.user_id = ${userId} and t.payer is not null and t.status in ('paid', 'validated')
    group by t.payer, t.chain_id
    order by max(coalesce(t.paid_at, t.created_at)) desc
    limit ${limit}`)) as unknown as { rows: PayerSummary[] };
  return result.rows.map((r) => ({ payer: r.payer, chain: Number(r.chain), payments: Number(r.payments), lastPaidAt: r.lastPaidAt }));
}
