import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** What an Orders row names besides the payment: the product's label and the payer's e-mail, where the product knows them. */
export interface RowLabels {
  productLabel: string | null;
  payerEmail: string | null;
}

/**
 * The product label (a zLink's, zCart's or donation page's label, a zRequest's description, an
 * invoice's number) and the payer's e-mail (a zRequest's addressee, an invoice's Bill To) of the
 * merchant's transactions `ids`, read in one query for a page of rows. Each product is looked up
 * by the merchant's own id too, so a row can never name another merchant's product.
 */
export async function rowLabelsOf(db: Db, userId: string, ids: readonly string[]): Promise<Map<string, RowLabels>> {
  if (!ids.length) return new Map();
  const result = (await db.execute(sql`
    select t.id,
      case t.product_type
        when 'quick-pay' then (select q.label from quick_pays q where q.id = t.product_id and q.user_id = t.user_id)
        when 'collect' then (select c.description from collects c where c.id = t.product_id and c.user_id = t.user_id)
        when 'bill' then (select i.number from invoices i where i.id = t.product_id and i.user_id = t.user_id)
        when 'invoice' then (select i.number from invoices i where i.id = t.product_id and i.user_id = t.user_id)
        when 'product' then (select k.label from checkouts k where k.id = t.product_id and k.user_id = t.user_id)
        when 'donate' then (select d.label from donates d where d.id = t.product_id and d.user_id = t.user_id)
      end as product_label,
      case
        when t.product_type = 'collect' then (select c.email from collects c where c.id = t.product_id and c.user_id = t.user_id)
        when t.product_type in ('bill', 'invoice') then (select i.bill_to ->> 'email' from invoices i where i.id = t.product_id and i.user_id = t.user_id)
      end as payer_email
    from transactions t
    where t.user_id = ${userId} and t.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
  `)) as unknown as { rows: { id: string; product_label: string | null; payer_email: string | null }[] };
  return new Map(result.rows.map((r) => [r.id, { productLabel: r.product_label || null, payerEmail: r.payer_email || null }]));
}
