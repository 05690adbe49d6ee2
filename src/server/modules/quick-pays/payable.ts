import { and, eq } from "drizzle-orm";
import { quickPays } from "../../db/schema";
import type { PayableSource } from "../pay";

/** A zLink on the pay page: a fixed price, paid as often as payers like while it is enabled. */
export const quickPayPayable: PayableSource = {
  type: "quick-pay",
  async load(db, productId) {
    const [row] = await db
      .select()
      .from(quickPays)
      .where(and(eq(quickPays.id, productId), eq(quickPays.enabled, true)));
    if (!row) return undefined;
    const price = { price: row.price, currency: row.currency, useFiat: row.useFiat, priceBaseUnits: row.priceBaseUnits };
    return {
      type: "quick-pay",
      id: row.id,
      hashedId: row.hashedId,
      merchantId: row.userId,
      label: row.label,
      desc: row.description,
      site: row.site,
      userCurrency: row.userCurrency,
      displayPrice: price,
      priceFor: () => price,
    };
  },
};
