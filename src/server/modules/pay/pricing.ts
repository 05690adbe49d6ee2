import { fiatToUsdcBaseUnits, USDC_DECIMALS } from "@/lib/fiat-conversion";
import { parseBaseUnits } from "@/lib/money";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { rateSourceFor, RateUnavailableError } from "../../payments/rates";
import type { PayablePrice } from "./payable";

/** What a payer owes for a product, in USDC base units, and the fiat rate used (when priced in fiat). */
export interface Quote {
  usdcBaseUnits: bigint;
  fiat?: { currency: string; price: string; rate: string };
}

/**
 * Prices a product in USDC now. A token-priced one is its own amount; a fiat-priced one is
 * converted at the instance's current rate, rounded up so the merchant never gets less.
 * @throws {ApiError} 503 when no rate is available for the product's currency.
 */
export async function quote(deps: AppDeps, product: PayablePrice): Promise<Quote> {
  if (!product.useFiat) {
    return { usdcBaseUnits: product.priceBaseUnits ?? parseBaseUnits(product.price, USDC_DECIMALS) };
  }
  let rate: string;
  try {
    rate = await rateSourceFor(deps).usdPer(product.currency);
  } catch (err) {
    if (!(err instanceof RateUnavailableError)) throw err;
    deps.log.warn({ err, currency: product.currency }, "no exchange rate");
    throw new ApiError(503, "rate_unavailable", `No exchange rate for ${product.currency} right now. Please try again in a minute.`);
  }
  return { usdcBaseUnits: fiatToUsdcBaseUnits(product.price, rate), fiat: { currency: product.currency, price: product.price, rate } };
}
