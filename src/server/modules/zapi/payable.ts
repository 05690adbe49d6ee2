import { eq } from "drizzle-orm";
import { apiPayments } from "../../db/schema";
import type { PayableSource } from "../pay";
import { apiPaymentCallback } from "./service";

/**
 * A zAPI payment on the pay page: the price the merchant's server asked for, paid once
 * (SINGLE_PAYMENT_TYPES); its order id goes on the transaction so Orders and webhooks carry it.
 */
export const apiPaymentPayable: PayableSource = {
  type: "dynamic",
  callbackUrl: apiPaymentCallback,
  async load(db, productId) {
    const [row] = await db.select().from(apiPayments).where(eq(apiPayments.id, productId));
    if (!row) return undefined;
    const price = { price: row.price, currency: row.currency, useFiat: row.useFiat, priceBaseUnits: row.priceBaseUnits };
    return {
      type: "dynamic",
      id: row.id,
      hashedId: row.hashedId,
      merchantId: row.userId,
      label: row.orderId ? `Order ${row.orderId}` : "Payment",
      desc: "",
      site: null,
      userCurrency: row.userCurrency,
      displayPrice: price,
      orderId: row.orderId ?? undefined,
      priceFor: () => price,
    };
  },
};
