import { and, eq } from "drizzle-orm";
import type { ProductPaidHook } from "../../payments/product-paid";
import { invoices } from "../../db/schema";

/**
 * A validated payment turns its invoice (zInvoice or v1) PAID (SPEC §4), in the payment's own
 * database transaction. Only an ACTIVE invoice moves; a cancelled one keeps its status (the
 * payment is still recorded on the transaction).
 */
export const markInvoicePaid: ProductPaidHook = async (tx, row, now) => {
  await tx
    .update(invoices)
    .set({ status: "PAID", paidAt: now, updatedAt: now })
    .where(and(eq(invoices.id, row.productId), eq(invoices.userId, row.userId), eq(invoices.status, "ACTIVE")));
};
