/**
 * SPEC §3 product types: what a merchant creates and a payer pays. A transaction's `type` is one
 * of these; the pay flow, watcher, webhooks, details and status chips work the same for all.
 */
export const PRODUCT_TYPES = ["quick-pay", "collect", "bill", "invoice", "product", "donate", "dynamic"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Products paid once: after a validated payment they are no longer payable (a zLink, cart or donation page is reusable; a zAPI payment is one order). */
export const SINGLE_PAYMENT_TYPES: ReadonlySet<ProductType> = new Set(["collect", "bill", "invoice", "dynamic"]);

export function isProductType(value: unknown): value is ProductType {
  return typeof value === "string" && (PRODUCT_TYPES as readonly string[]).includes(value);
}
