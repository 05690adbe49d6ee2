/**
 * The points rule (SPEC §2 "Points", §9): 1 point per $1 received, 1 point per $1 spent, 2 points
 * per $1 spent through the ramp. Pure and shared: the server sums a merchant's payments with it,
 * the points page and the top bar show its totals.
 *
 * How a payment counts (decided here, documented in docs/points.md):
 * - Only money that arrived counts: payments whose status is `paid` or `validated`, for the amount
 *   received (the requested amount when nothing was recorded yet). Initiated and failed ones count
 *   nothing; a paid payment that later fails stops counting, since totals are computed on read.
 * - Dollars: zpay settles only in USD stablecoins (USDC, USDT), so one token is one dollar. The
 *   fiat rate stored with a payment converted the product's fiat price into that token amount
 *   when the payment started, so no rate applies to the token amount again. A token that is not
 *   a USD stablecoin counts nothing rather than a wrong number.
 * - received: payments into the merchant (their own products) that did not come through the ramp.
 * - sent: payments made from one of the merchant's attached wallets, to anyone.
 * - ramp: the merchant's payments that came through the ramp (zRamp buys into the merchant's own
 *   wallet); they count twice per dollar here and not again as received.
 * - Each total is exact (bigint, no float on the way); 'Points Earned' is their sum rounded up to
 *   a whole point.
 */

/** What each dollar is worth, per kind of payment (SPEC §9). */
export const POINTS_PER_DOLLAR = { received: 1n, sent: 1n, ramp: 2n } as const;
export type PointsKind = keyof typeof POINTS_PER_DOLLAR;

/** The referral boost the points page shows (SPEC §9: fixed text). */
export const REFERRAL_BOOST = "20%";

/** Payment statuses whose money counts: it arrived on chain. */
export const COUNTED_STATUSES = ["paid", "validated"] as const;

/** Tokens worth one US dollar each (the stablecoins zpay settles in). */
export const USD_TOKENS: readonly string[] = ["USDC", "USDT"];

/** Totals are kept to this many decimals: the most any settled token has (USDT on BNB Smart Chain). */
export const POINTS_DECIMALS = 18;

/** One payment as the rule sees it. */
export interface PointsPayment {
  kind: PointsKind;
  token: string;
  /** Base units of `token`. */
  amount: bigint;
  decimals: number;
}

/** SPEC §3 Points, as `GET /api/points` answers it: decimal texts (exact), plus what the page shows. */
export interface PointsDto {
  totalReceived: string;
  totalPaid: string;
  rampPayments: string;
  /** 'Points Earned': the three summed, rounded up. */
  pointsEarned: number;
  /** 'Referral Points' card: people who signed up with the merchant's referral code. */
  peopleReferred: number;
  /** 'Referral Points' card: points earned by referees (SPEC: always 0). */
  refereePoints: number;
  referralBoost: string;
}

/**
 * Base units of a dollar token → dollars at POINTS_DECIMALS, exactly.
 * @throws RangeError when `decimals` is not an integer from 0 to POINTS_DECIMALS.
 */
export function toDollarUnits(amount: bigint, decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > POINTS_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${POINTS_DECIMALS}, got ${decimals}`);
  }
  return amount * 10n ** BigInt(POINTS_DECIMALS - decimals);
}

/** Points of each kind, at POINTS_DECIMALS (a point is 10^18 units). */
export interface PointsUnits {
  received: bigint;
  sent: bigint;
  ramp: bigint;
}

/** Sums payments into points per kind; tokens that are not dollars and non-positive amounts count nothing. */
export function sumPoints(payments: Iterable<PointsPayment>): PointsUnits {
  const totals: PointsUnits = { received: 0n, sent: 0n, ramp: 0n };
  for (const p of payments) {
    if (!USD_TOKENS.includes(p.token.toUpperCase()) || p.amount <= 0n) continue;
    totals[p.kind] += toDollarUnits(p.amount, p.decimals) * POINTS_PER_DOLLAR[p.kind];
  }
  return totals;
}

const ONE_POINT = 10n ** BigInt(POINTS_DECIMALS);

/** 'Points Earned': the three totals summed, rounded up to a whole point. */
export function pointsEarned(units: PointsUnits): number {
  const sum = units.received + units.sent + units.ramp;
  return Number((sum + ONE_POINT - 1n) / ONE_POINT);
}

/** Points units → decimal text, trailing zeros trimmed ("12.5"). */
export function formatPoints(units: bigint): string {
  const whole = units / ONE_POINT;
  const fraction = (units % ONE_POINT).toString().padStart(POINTS_DECIMALS, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** Decimal points text for display: at most two decimals, rounded up so a started hundredth shows. */
export function displayPoints(text: string, locale: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return new Intl.NumberFormat(locale).format(0);
  const [, whole, fraction = ""] = match;
  const rest = fraction.slice(2).replace(/0+$/, "");
  const hundredths = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0")) + (rest ? 1n : 0n);
  // A whole number of hundredths divided by 100 is the closest double to it: formatting it to two
  // decimals gives those exact digits.
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(hundredths) / 100);
}
