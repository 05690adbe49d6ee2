import { parseBaseUnits } from "./money";

/** USDC has 6 decimals on every chain zpay settles on. */
export const USDC_DECIMALS = 6;
/** Rates are kept to 8 decimals (USD per unit of fiat). */
export const RATE_DECIMALS = 8;

/**
 * A fiat price → USDC base units at `usdPerUnit` (e.g. "1.08" USD per EUR), treating 1 USDC as
 * 1 USD. Rounded up to the next base unit so the merchant never receives less than the price.
 * @throws RangeError on a malformed or non-positive price or rate.
 */
export function fiatToUsdcBaseUnits(price: string, usdPerUnit: string): bigint {
  const priceUnits = parseBaseUnits(price, USDC_DECIMALS);
  const rateUnits = parseBaseUnits(roundRate(usdPerUnit), RATE_DECIMALS);
  if (priceUnits <= 0n) throw new RangeError(`price must be positive, got ${price}`);
  if (rateUnits <= 0n) throw new RangeError(`rate must be positive, got ${usdPerUnit}`);
  const scale = 10n ** BigInt(RATE_DECIMALS);
  return (priceUnits * rateUnits + scale - 1n) / scale;
}

/** Cuts a rate to RATE_DECIMALS (rates from price services often carry more digits). */
export function roundRate(rate: string): string {
  const [whole, fraction = ""] = rate.trim().split(".");
  return fraction ? `${whole}.${fraction.slice(0, RATE_DECIMALS)}` : (whole ?? "");
}
