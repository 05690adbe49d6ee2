import { formatBaseUnits, parseBaseUnits } from "./money";
import type { PayableProduct, StartPaymentRequest } from "./pay-api";
import { cartHasItems, cartTotal, quantityOf, type CartQuantities } from "./pay-cart";
import { DONOR_LIMITS, donationAmountProblem } from "./pay-donation";

/** What the payer chose on the page before paying: a donation amount and note, a cart's quantities. */
export interface PayerChoice {
  /** Donation: the amount picked or typed, decimal text in the product's currency. */
  amount?: string;
  donor?: { name?: string; message?: string };
  quantities?: CartQuantities;
}

/** Whether the product can be paid with this choice: a donation needs a valid amount, a cart a line above 0. */
export function choiceReady(product: PayableProduct, choice: PayerChoice = {}): boolean {
  if (product.donation) return choice.amount !== undefined && !donationAmountProblem(choice.amount, product.donation.minimum);
  if (product.cart) return cartHasItems(product.cart.lines, choice.quantities);
  return true;
}

/** The price the payer is about to pay (decimal text in `product.currency`): the amount chosen, the cart's live total, else the product's price. */
export function chosenPrice(product: PayableProduct, choice: PayerChoice = {}): string {
  if (product.donation && choice.amount !== undefined && !donationAmountProblem(choice.amount, product.donation.minimum)) return choice.amount.trim();
  if (product.cart) return cartTotal(product.cart.lines, choice.quantities);
  return product.price;
}

/**
 * The indicative USDC for another price of the same product, scaled from the server's estimate
 * (same rate), rounded up to the cent of a cent; exact integer maths.
 */
export function scaledEstimate(product: Pick<PayableProduct, "price" | "estimatedUsdc">, price: string): string {
  const from = parseBaseUnits(product.price, 6);
  if (from === 0n || price === product.price) return product.estimatedUsdc;
  const scaled = parseBaseUnits(product.estimatedUsdc, 6) * parseBaseUnits(price, 6);
  return formatBaseUnits((scaled + from - 1n) / from, 6);
}

/** The start request's part that carries the choice (only what the product takes). */
export function choiceRequest(product: PayableProduct, choice: PayerChoice = {}): Pick<StartPaymentRequest, "amount" | "donor" | "quantities"> {
  if (product.donation) {
    const name = choice.donor?.name?.trim().slice(0, DONOR_LIMITS.name);
    const message = choice.donor?.message?.trim().slice(0, DONOR_LIMITS.message);
    const donor = { ...(name ? { name } : {}), ...(message ? { message } : {}) };
    return { ...(choice.amount ? { amount: choice.amount.trim() } : {}), ...(name || message ? { donor } : {}) };
  }
  if (product.cart?.quantitiesEditable) {
    return { quantities: Object.fromEntries(product.cart.lines.map((line) => [line.itemId, quantityOf(line, choice.quantities)])) };
  }
  return {};
}
