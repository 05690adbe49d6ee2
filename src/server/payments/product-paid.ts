import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { invoices, type TransactionRow } from "../db/schema";

/**
 * A validated payment settles its product where the product has a state of its own: an invoice
 * (zInvoice or v1) turns PAID (SPEC §4), in the same database transaction as the payment, so the
 * two never disagree. Only an ACTIVE invoice moves; a cancelled one keeps its status (the payment
 * is still recorded on the transaction).
 */
export async function markProductPaid(tx: Pick<Db, "update">, row: TransactionRow, now: Date): Promise<void> {
  if ((row.productType !== "bill" && row.productType !== "invoice") || !row.productId) return;
  await tx
    .update(invoices)
    .set({ status: "PAID", paidAt: now, updatedAt: now })
    .where(and(eq(invoices.id, row.productId), eq(invoices.userId, row.userId), eq(invoices.status, "ACTIVE")));
}
