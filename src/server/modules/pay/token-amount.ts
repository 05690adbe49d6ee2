import { USDC_DECIMALS } from "@/lib/fiat-conversion";

/**
 * A price quoted in USDC base units (6 decimals) as base units of a stablecoin with `decimals`
 * (USDC and USDT are worth a dollar each; only the unit differs: USDT on BNB Smart Chain has 18).
 * Scaling down rounds up, so the merchant never gets less than the quote.
 * @throws {RangeError} on decimals outside 0..36.
 */
export function usdcToTokenUnits(usdcBaseUnits: bigint, decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) throw new RangeError(`decimals must be an integer in 0..36, got ${decimals}`);
  if (decimals >= USDC_DECIMALS) return usdcBaseUnits * 10n ** BigInt(decimals - USDC_DECIMALS);
  const divisor = 10n ** BigInt(USDC_DECIMALS - decimals);
  return (usdcBaseUnits + divisor - 1n) / divisor;
}
