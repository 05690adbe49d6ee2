import type { OrderDetails, PayableProduct, ProductType, StartPaymentRequest } from "@/lib/pay-api";
import type { Db } from "../../db/client";
import type { ProductPaidHook } from "../../payments/product-paid";

/** What a payer owes for one start: a price in the product's currency and, when it applies, what was ordered. */
export interface PayablePrice {
  /** Decimal text in `currency`. */
  price: string;
  currency: string;
  /** True when `currency` is fiat: converted to USDC at the rate of the moment the payer starts. */
  useFiat: boolean;
  /** USDC base units when priced in a token, else null. */
  priceBaseUnits: bigint | null;
  /** zCart lines or a donor's note, frozen on the transaction. */
  order?: OrderDetails;
}

/**
 * Any product a payer can open on the pay page, whatever its type: the pay flow, the watcher, the
 * webhooks and the details work on this and never on a product table directly.
 */
export interface Payable {
  type: ProductType;
  /** Internal id (the product's row). */
  id: string;
  /** Public id (`?p=`). */
  hashedId: string;
  merchantId: string;
  label: string;
  desc: string;
  site: string | null;
  /** The merchant's billing currency when the product was saved (SPEC userCurrency). */
  userCurrency: string;
  /** The price the page shows before the payer chooses anything (a donation: its minimum; a cart: its default quantities). */
  displayPrice: PayablePrice;
  /** The merchant's own order id (a zAPI payment's), kept on the transaction as `merchantExtras.orderId`. */
  orderId?: string;
  /** What the payer sees beyond the basics. */
  view?: Pick<PayableProduct, "request" | "invoice" | "cart" | "donation">;
  /**
   * The price of this start: the donation amount the payer chose, the cart with the payer's
   * quantities, else `displayPrice`.
   * @throws {ApiError} 400 when the choice is not allowed (below the minimum, unknown line…).
   */
  priceFor(req: StartPaymentRequest): PayablePrice;
}

/** How the pay module reads one product type; one per type, registered with `registerPayableSource` (`payables.ts`). */
export interface PayableSource {
  type: ProductType;
  /**
   * What a validated payment does to the product, in the payment's database transaction (an
   * invoice turns PAID); absent for products with no state of their own (a zLink is reusable).
   */
  onPaid?: ProductPaidHook;
  /**
   * The product's own address for the payer once paid (a zAPI payment's `callbackUrl`); without
   * one, the merchant account's callback URL applies.
   */
  callbackUrl?(db: Db, productId: string): Promise<string | undefined>;
  /**
   * The product with this internal id, when it may still be paid (enabled, not cancelled);
   * undefined otherwise (the payer is told the link is not active, whatever the reason).
   */
  load(db: Db, productId: string, context: PayableContext): Promise<Payable | undefined>;
}

export interface PayableContext {
  /** The payments origin (for links the payer follows, e.g. an invoice page). */
  payOrigin: string;
}
