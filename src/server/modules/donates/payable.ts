import { and, eq } from "drizzle-orm";
import { DONATION_START_MESSAGES, amountProblemMessage, donationAmountProblem, type AmountProblem } from "@/lib/donate";
import { parseBaseUnits } from "@/lib/money";
import { MINIMUM_AMOUNT, type StartPaymentRequest } from "@/lib/pay-api";
import { parsePriceText, priceDecimals } from "@/lib/zlink";
import { donates, type DonateRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { PayablePrice, PayableSource } from "../pay";

const CODES: Record<AmountProblem, string> = {
  amountRequired: "amount_required",
  amountInvalid: "invalid_amount",
  amountMinimum: "amount_too_small",
  amountMaximum: "amount_too_large",
  amountDecimals: "invalid_amount",
};
const MESSAGES = { ...DONATION_START_MESSAGES, amountRequired: DONATION_START_MESSAGES.chooseAmount };

/** The price of one amount in the page's currency (token base units when priced in USDC). */
function priceOf(row: DonateRow, amount: string): PayablePrice {
  return {
    price: amount,
    currency: row.currency,
    useFiat: row.useFiat,
    priceBaseUnits: row.useFiat ? null : parseBaseUnits(amount, priceDecimals(row.currency)),
  };
}

const trimmed = (text: string | undefined) => text?.trim() || undefined;

/**
 * What a payer owes for one donation: the amount they chose (required, at least the minimum, at
 * most the cap, within the currency's decimals) and their optional name and message, trimmed.
 * @throws {ApiError} 400 with the message the payer sees.
 */
export function donationPrice(row: DonateRow, req: Pick<StartPaymentRequest, "amount" | "donor">): PayablePrice {
  const problem = donationAmountProblem(req.amount, row.currency);
  if (problem) {
    const message = amountProblemMessage(problem, row.currency, MESSAGES);
    throw new ApiError(400, CODES[problem], message, [{ path: "amount", message }]);
  }
  const donor = { name: trimmed(req.donor?.name), message: trimmed(req.donor?.message) };
  return { ...priceOf(row, parsePriceText(req.amount)!), order: { donor } };
}

/** A donation page on the pay page: reusable, any amount from the minimum up, suggestions shown first. */
export const donatePayable: PayableSource = {
  type: "donate",
  async load(db, productId) {
    const [row] = await db
      .select()
      .from(donates)
      .where(and(eq(donates.id, productId), eq(donates.enabled, true)));
    if (!row) return undefined;
    return {
      type: "donate",
      id: row.id,
      hashedId: row.hashedId,
      merchantId: row.userId,
      label: row.label,
      desc: row.description,
      site: row.site,
      userCurrency: row.userCurrency,
      displayPrice: priceOf(row, MINIMUM_AMOUNT),
      view: { donation: { suggestedAmounts: [...row.suggestedAmounts], minimum: MINIMUM_AMOUNT } },
      priceFor: (req) => donationPrice(row, req),
    };
  },
};
