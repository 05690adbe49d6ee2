import { and, eq } from "drizzle-orm";
import { cartLineAmount, cartTotal, quantityOf, uploadUrl } from "@/lib/cart";
import { parseBaseUnits } from "@/lib/money";
import { MAX_CART_QUANTITY, type CartLine, type OrderDetails, type StartPaymentRequest } from "@/lib/pay-api";
import { isTokenCurrency, priceDecimals } from "@/lib/zlink";
import { checkouts } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { PayablePrice, PayableSource } from "../pay";
import { findOwnCatalogItems } from "../catalog";

export const CART_PAY_MESSAGES = {
  notEditable: "The quantities of this checkout can't be changed",
  unknownLine: "This item is not part of this checkout",
  badQuantity: `Choose a quantity from 0 to ${MAX_CART_QUANTITY}`,
  empty: "Choose at least one item",
} as const;

const invalid = (message: string, path = "quantities") => new ApiError(400, "invalid_quantities", message, [{ path, message }]);

/**
 * The price of one start: the payer's quantities when the checkout lets them change them (every
 * key a line of this checkout, 0..MAX_CART_QUANTITY, at least one line above 0), else the
 * merchant's; the total computed here and the lines frozen into the order.
 * @throws {ApiError} 400 `invalid_quantities`.
 */
export function priceCart(
  lines: readonly CartLine[],
  currency: string,
  quantitiesEditable: boolean,
  requested: StartPaymentRequest["quantities"],
): PayablePrice {
  let quantities: Record<string, number> | undefined;
  if (requested !== undefined) {
    if (!quantitiesEditable) throw invalid(CART_PAY_MESSAGES.notEditable);
    if (typeof requested !== "object" || requested === null || Array.isArray(requested)) throw invalid(CART_PAY_MESSAGES.badQuantity);
    const ids = new Set(lines.map((l) => l.itemId));
    for (const [itemId, quantity] of Object.entries(requested)) {
      if (!ids.has(itemId)) throw invalid(CART_PAY_MESSAGES.unknownLine, `quantities.${itemId}`);
      if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > MAX_CART_QUANTITY) {
        throw invalid(CART_PAY_MESSAGES.badQuantity, `quantities.${itemId}`);
      }
    }
    quantities = { ...requested };
  }
  const ordered = lines.map((l) => ({ ...l, quantity: quantityOf(l, quantities) })).filter((l) => l.quantity > 0);
  if (ordered.length === 0) throw invalid(CART_PAY_MESSAGES.empty);
  const total = cartTotal(ordered);
  const token = isTokenCurrency(currency);
  const order: OrderDetails = {
    lines: ordered.map((l) => ({ itemId: l.itemId, name: l.name, unitPrice: l.unitPrice, quantity: l.quantity, amount: cartLineAmount(l.unitPrice, l.quantity) })),
  };
  return { price: total, currency, useFiat: !token, priceBaseUnits: token ? parseBaseUnits(total, priceDecimals(currency)) : null, order };
}

/**
 * A zCart checkout on the pay page (type "product"): payable while it and every item it holds are
 * enabled and in its currency; reusable, like a zLink.
 */
export const checkoutPayable: PayableSource = {
  type: "product",
  async load(db, productId) {
    const [row] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, productId), eq(checkouts.enabled, true)));
    if (!row) return undefined;
    const items = new Map((await findOwnCatalogItems(db, row.userId, row.lines.map((l) => l.itemId))).map((i) => [i.id, i]));
    const lines: CartLine[] = [];
    for (const line of row.lines) {
      const item = items.get(line.itemId);
      if (!item || !item.enabled || item.currency !== row.currency) return undefined;
      lines.push({
        itemId: item.id,
        name: item.name,
        ...(item.description ? { description: item.description } : {}),
        ...(item.imageId ? { imageUrl: uploadUrl(item.imageId) } : {}),
        unitPrice: item.price,
        quantity: line.quantity,
      });
    }
    const displayPrice = priceCart(lines, row.currency, false, undefined);
    return {
      type: "product",
      id: row.id,
      hashedId: row.hashedId,
      merchantId: row.userId,
      label: row.label,
      desc: row.description,
      site: null,
      userCurrency: row.userCurrency,
      displayPrice,
      view: { cart: { lines, quantitiesEditable: row.quantitiesEditable } },
      priceFor: (req) => priceCart(lines, row.currency, row.quantitiesEditable, req.quantities),
    };
  },
};
