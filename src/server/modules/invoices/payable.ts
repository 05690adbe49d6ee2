import { and, eq, inArray } from "drizzle-orm";
import { centsToDecimal } from "@/lib/invoice-math";
import { isTokenCurrency, priceDecimals } from "@/lib/zlink";
import { parseBaseUnits } from "@/lib/money";
import { invoices, users } from "../../db/schema";
import type { PayableSource } from "../pay";
import { invoiceLinks } from "./dto";
import { markInvoicePaid } from "./paid";

/**
 * An invoice on the pay page (zInvoice `bill` or v1 `invoice`): its total in the invoice currency,
 * paid once. Payable while ACTIVE and enabled; a PAID one still opens so the page can say it is
 * paid (the pay flow refuses a second payment), anything else is not active. A validated payment
 * turns it PAID (`onPaid`).
 */
function invoicePayable(type: "bill" | "invoice"): PayableSource {
  return {
    type,
    onPaid: markInvoicePaid,
    async load(db, productId, { payOrigin }) {
      const [found] = await db
        .select({ row: invoices, billingCurrency: users.billingCurrency })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(and(eq(invoices.id, productId), eq(invoices.kind, type), eq(invoices.enabled, true), inArray(invoices.status, ["ACTIVE", "PAID"])));
      if (!found) return undefined;
      const { row } = found;
      const price = centsToDecimal(row.totalCents);
      const token = isTokenCurrency(row.currency);
      const displayPrice = {
        price,
        currency: row.currency,
        useFiat: !token,
        priceBaseUnits: token ? parseBaseUnits(price, priceDecimals(row.currency)) : null,
      };
      return {
        type,
        id: row.id,
        hashedId: row.hashedId,
        merchantId: row.userId,
        label: row.label,
        desc: row.notes,
        site: null,
        userCurrency: found.billingCurrency,
        displayPrice,
        view: { invoice: { number: row.number, paymentDueOn: row.paymentDueOn, url: invoiceLinks(payOrigin, row.hashedId).invoiceUrl } },
        priceFor: () => displayPrice,
      };
    },
  };
}

export const billPayable = invoicePayable("bill");
export const invoicePayableSource = invoicePayable("invoice");
