import { formatBaseUnits, parseBaseUnits } from "./money";
import { MAX_CART_QUANTITY, type CartLine } from "./pay-api";

/** Cart prices are decimal text with at most this many fraction digits (USDC's; fiat uses 2). */
const CART_DECIMALS = 6;

/** The payer's quantity for one line: item id → quantity; a missing line keeps its default. */
export type CartQuantities = Readonly<Record<string, number>>;

/** A quantity kept in 0..MAX_CART_QUANTITY (whole numbers; anything unreadable is 0). */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(MAX_CART_QUANTITY, Math.max(0, Math.trunc(quantity)));
}

/** The quantity of a line: the payer's choice when made, else the line's default. */
export function quantityOf(line: Pick<CartLine, "itemId" | "quantity">, quantities: CartQuantities = {}): number {
  return clampQuantity(quantities[line.itemId] ?? line.quantity);
}

/** Unit price × quantity as decimal text, exact (no floating point): ("2.5", 3) → "7.5". */
export function cartLineAmount(unitPrice: string, quantity: number): string {
  return formatBaseUnits(parseBaseUnits(unitPrice, CART_DECIMALS) * BigInt(clampQuantity(quantity)), CART_DECIMALS);
}

/** The cart's total for the payer's quantities (defaults where none chosen), as decimal text. */
export function cartTotal(lines: readonly Pick<CartLine, "itemId" | "unitPrice" | "quantity">[], quantities: CartQuantities = {}): string {
  const units = lines.reduce((sum, line) => sum + parseBaseUnits(line.unitPrice, CART_DECIMALS) * BigInt(quantityOf(line, quantities)), 0n);
  return formatBaseUnits(units, CART_DECIMALS);
}

/** A payer may pay a cart with at least one line above 0. */
export function cartHasItems(lines: readonly Pick<CartLine, "itemId" | "quantity">[], quantities: CartQuantities = {}): boolean {
  return lines.some((line) => quantityOf(line, quantities) > 0);
}
