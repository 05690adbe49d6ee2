import { parseBaseUnits } from "./money";

/** A donor's name and message for the merchant: at most this many characters each. */
export const DONOR_LIMITS = { name: 200, message: 1000 } as const;

/** The served page's donation field names: the island reads what the payer typed before it loaded (src/islands/pay-mount.tsx). */
export const DONATION_FIELDS = { amount: "donation-amount", other: "donation-other", name: "donor-name", message: "donor-message" } as const;

const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

/**
 * Why a typed donation amount cannot be paid, or undefined when it can: "invalid" (not a plain
 * decimal amount, at most 6 decimals) or "tooSmall" (below the page's minimum). Exact, no floats.
 */
export function donationAmountProblem(text: string, minimum: string): "invalid" | "tooSmall" | undefined {
  const amount = text.trim();
  if (!AMOUNT.test(amount)) return "invalid";
  return parseBaseUnits(amount, 6) < parseBaseUnits(minimum, 6) ? "tooSmall" : undefined;
}
