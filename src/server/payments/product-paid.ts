import type { ProductType } from "@/lib/product-types";
import type { Db } from "../db/client";
import type { TransactionRow } from "../db/schema";

/**
 * What a validated payment does to its product, where the product has a state of its own (an
 * invoice turns PAID, SPEC §4). It runs in the same database transaction as the payment, so the
 * two never disagree. The product's module owns its table, so it registers the hook (through the
 * pay module's `registerPayableSource`); this floor only calls it.
 */
export type ProductPaidHook = (tx: Pick<Db, "update">, row: TransactionRow & { productId: string }, now: Date) => Promise<void>;

const hooks = new Map<string, ProductPaidHook>();

/** Registers the "on paid" work of one product type (the last registration wins). */
export function onProductPaid(type: ProductType, hook: ProductPaidHook): void {
  hooks.set(type, hook);
}

/** Runs the product's "on paid" hook, if its type has one. */
export async function markProductPaid(tx: Pick<Db, "update">, row: TransactionRow, now: Date): Promise<void> {
  const hook = hooks.get(row.productType);
  if (!hook || !row.productId) return;
  await hook(tx, { ...row, productId: row.productId }, now);
}
