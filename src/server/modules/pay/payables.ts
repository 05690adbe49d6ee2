import { and, eq, inArray } from "drizzle-orm";
import { SINGLE_PAYMENT_TYPES, type ProductType } from "@/lib/product-types";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { origins } from "../../env";
import { transactions } from "../../db/schema";
import { findPayableLink } from "../../payments/payable-links";
import { onProductPaid } from "../../payments/product-paid";
import type { Payable, PayableSource } from "./payable";

/**
 * Every product type a payer can open, by type, as the product modules register them at start
 * (`src/server/products.ts`). A new product type registers its source there (and its links with
 * `registerPayableLink` when it creates a product); nothing else in the pay module changes. The
 * pay module never imports a product module: they import it.
 */
export const PAYABLE_SOURCES: Partial<Record<ProductType, PayableSource>> = {};

/** Makes a product type payable, and hands its "on paid" work (if any) to the payments floor. */
export function registerPayableSource(source: PayableSource): void {
  PAYABLE_SOURCES[source.type] = source;
  if (source.onPaid) onProductPaid(source.type, source.onPaid);
}

/** The product's own callback URL (see `PayableSource.callbackUrl`), when its type has one. */
export async function productCallbackUrl(db: Db, productType: string, productId: string): Promise<string | undefined> {
  return PAYABLE_SOURCES[productType as ProductType]?.callbackUrl?.(db, productId);
}

/** A payable product and, for a single-payment one, whether a payment is already done or on its way. */
export interface FoundPayable {
  payable: Payable;
  /** A validated payment exists (zRequest, invoice): the page says paid and no new payment starts. */
  paid: boolean;
  /** A payment has been seen on chain and awaits finality: no second one starts meanwhile. */
  paying: boolean;
}

/** The product behind a public id when it may be paid; undefined for unknown, disabled or cancelled ones. */
export async function findPayable(deps: AppDeps, hashedId: string): Promise<FoundPayable | undefined> {
  const { db } = deps.database;
  const link = await findPayableLink(db, hashedId);
  const source = link ? PAYABLE_SOURCES[link.productType as ProductType] : undefined;
  if (!link || !source) return undefined;
  const payable = await source.load(db, link.productId, { payOrigin: origins(deps.env).payments });
  if (!payable || payable.merchantId !== link.userId) return undefined;
  if (!SINGLE_PAYMENT_TYPES.has(payable.type)) return { payable, paid: false, paying: false };
  const settled = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(and(eq(transactions.productType, payable.type), eq(transactions.productId, payable.id), inArray(transactions.status, ["paid", "validated"])));
  return { payable, paid: settled.some((t) => t.status === "validated"), paying: settled.some((t) => t.status === "paid") };
}
