import type { ProductType } from "./product-types";
import type { PageCursor } from "./transaction-filters";
import type { PaymentInfoDto } from "./transaction-details";

/**
 * SPEC §3: how a transaction's type is named to people (quick-pay shown as zLink, collect as
 * zRequest, dynamic as zApi, bill as zInvoice; product is a zCart, donate a Donation). Product
 * names are brands, the same in every language; the Orders table and its CSV both use these.
 */
export const ORDER_TYPE_LABELS: Readonly<Record<ProductType, string>> = {
  "quick-pay": "zLink",
  collect: "zRequest",
  dynamic: "zApi",
  bill: "zInvoice",
  invoice: "Invoice",
  product: "zCart",
  donate: "Donation",
};

/** The label of a type, or the raw type for one this build does not know (e.g. shopify-order). */
export function orderTypeLabel(type: string): string {
  return (ORDER_TYPE_LABELS as Record<string, string>)[type] ?? type;
}

/** One row of the Orders list (GET /transactions): the payment info the details dialog shows, plus where it sits. */
export interface OrderDto extends PaymentInfoDto {
  /** The order id people quote: an e-commerce platform's order id, else the payment's public id. */
  orderId: string;
  /** When the payer started (ISO); the list is newest first by this time. */
  createdAt: string;
  /** What was paid, by the product's own name: a zLink's, zCart's or donation page's label, a zRequest's description, an invoice's number; null when the product has none (zAPI) or is gone. */
  productLabel?: string | null;
  /** The payer's e-mail where the product knows it (a zRequest's addressee, an invoice's Bill To); else null. */
  payerEmail?: string | null;
}

/** GET /transactions answer (SPEC §7 `data.table.list, next, prev`); next/prev are null at either end. */
export interface OrdersPageDto {
  data: { table: { list: OrderDto[]; next: PageCursor | null; prev: PageCursor | null } };
}
