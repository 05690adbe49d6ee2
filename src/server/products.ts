import { registerPayableSource } from "./modules/pay";
import { quickPayPayable } from "./modules/quick-pays";
import { collectPayable } from "./modules/collects";
import { billPayable, invoicePayableSource } from "./modules/invoices";
import { checkoutPayable } from "./modules/checkouts";
import { donatePayable } from "./modules/donates";
import { apiPaymentPayable } from "./modules/zapi";

/**
 * Every product type a payer can open, wired into the pay module. The product modules depend on
 * the pay module (for its `PayableSource` shape), so the pay module cannot list them itself
 * without a cycle; this composition root, above both, does. A new product type adds its source here.
 */
export const PRODUCT_SOURCES = [quickPayPayable, billPayable, invoicePayableSource, collectPayable, donatePayable, checkoutPayable, apiPaymentPayable];

/**
 * Registers every product type with the pay module (and, through it, each one's "on paid" work
 * with the payments floor). Idempotent: the app factories and the process start all call it, so a
 * test that builds an app, or the watcher that validates a payment, finds every type registered.
 */
export function registerProducts(): void {
  for (const source of PRODUCT_SOURCES) registerPayableSource(source);
}
