import { and, eq } from "drizzle-orm";
import { collects } from "../../db/schema";
import type { PayableSource } from "../pay";

/**
 * A zRequest on the pay page: a fixed price, addressed to the payer it names. Paid once
 * (SINGLE_PAYMENT_TYPES): the registry shows it paid and refuses a second payment.
 */
export const collectPayable: PayableSource = {
  type: "collect",
  async load(db, productId) {
    const [row] = await db
      .select()
      .from(collects)
      .where(and(eq(collects.id, productId), eq(collects.enabled, true)));
    if (!row) return undefined;
    const price = { price: row.price, currency: row.currency, useFiat: row.useFiat, priceBaseUnits: row.priceBaseUnits };
    return {
      type: "collect",
      id: row.id,
      hashedId: row.hashedId,
      merchantId: row.userId,
      // The merchant's message is what the payer is asked to pay for; the page names the payer from `view`.
      label: row.description,
      desc: "",
      site: row.site,
      userCurrency: row.userCurrency,
      displayPrice: price,
      view: { request: { name: row.name } },
      priceFor: () => price,
    };
  },
};
