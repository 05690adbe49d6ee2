/**
 * Money is bigint base units with the token's decimals (USDC: 6). These helpers convert between
 * base units and decimal text without ever passing through floating point.
 */

/**
 * Base units → decimal text, trailing zeros trimmed: (1_500_000n, 6) → "1.5"; negative kept.
 * @throws RangeError when `decimals` is not a non-negative integer.
 */
export function formatBaseUnits(amount: bigint, decimals: number): string {
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Decimal text → base units: ("1.5", 6) → 1_500_000n. Refuses more fraction digits than the
 * token has rather than rounding someone's money.
 * @throws RangeError on text that is not a plain decimal number or has too many fraction digits.
 */
export function parseBaseUnits(text: string, decimals: number): bigint {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`"${text}" is not a decimal amount`);
  const [, sign, whole, fraction = ""] = match;
  if (fraction.length > decimals) throw new RangeError(`"${text}" has more than ${decimals} decimals`);
  const units = BigInt(whole + fraction.padEnd(decimals, "0"));
  return sign ? -units : units;
}
