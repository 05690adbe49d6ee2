import { formatBaseUnits, parseBaseUnits } from "@/lib/money";
import { RATE_DECIMALS, roundRate } from "@/lib/fiat-conversion";

/** USD per one unit of a fiat currency, as decimal text with up to 8 decimals. */
export interface RateSource {
  /** @throws {RateUnavailableError} when the currency has no rate. */
  usdPer(currency: string): Promise<string>;
}

export class RateUnavailableError extends Error {
  constructor(currency: string, options?: { cause?: unknown }) {
    super(`No exchange rate for ${currency}`, options);
    this.name = "RateUnavailableError";
  }
}

/** Sandbox rates, fixed and configurable (`SANDBOX_FIAT_RATES` = "EUR=1.08,GBP=1.27"); USD is 1. */
export function fixedRates(spec: string): RateSource {
  const table = new Map<string, string>([["USD", "1"]]);
  for (const entry of spec.split(",").map((e) => e.trim()).filter(Boolean)) {
    const [code, rate] = entry.split("=");
    if (!code || !rate || !/^\d+(\.\d+)?$/.test(rate.trim())) throw new Error(`SANDBOX_FIAT_RATES: "${entry}" is not CODE=rate`);
    table.set(code.trim().toUpperCase(), roundRate(rate.trim()));
  }
  return {
    usdPer: async (currency) => {
      const rate = table.get(currency.toUpperCase());
      if (!rate) throw new RateUnavailableError(currency);
      return rate;
    },
  };
}

/**
 * Production rates from a CoinGecko-compatible public price service: the price of USDC in the
 * fiat, inverted. Cached for a minute per currency; USD is 1 without asking.
 */
export function priceServiceRates(baseUrl: string, fetchImpl: typeof fetch = fetch, ttlMs = 60_000): RateSource {
  const cache = new Map<string, { rate: string; at: number }>();
  return {
    usdPer: async (currency) => {
      const code = currency.toLowerCase();
      if (code === "usd") return "1";
      const hit = cache.get(code);
      if (hit && Date.now() - hit.at < ttlMs) return hit.rate;
      let usdcInFiat: unknown;
      try {
        const res = await fetchImpl(`${baseUrl.replace(/\/$/, "")}/simple/price?ids=usd-coin&vs_currencies=${encodeURIComponent(code)}`);
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        usdcInFiat = ((await res.json()) as Record<string, Record<string, unknown>>)["usd-coin"]?.[code];
      } catch (cause) {
        throw new RateUnavailableError(currency, { cause });
      }
      if (typeof usdcInFiat !== "number" || !(usdcInFiat > 0)) throw new RateUnavailableError(currency);
      // USD per fiat unit = 1 / (fiat per USDC), in bigint at 8 decimals.
      const scale = 10n ** BigInt(RATE_DECIMALS);
      const price = parseBaseUnits(roundRate(usdcInFiat.toFixed(RATE_DECIMALS)), RATE_DECIMALS);
      const rate = formatBaseUnits((scale * scale) / price, RATE_DECIMALS);
      cache.set(code, { rate, at: Date.now() });
      return rate;
    },
  };
}

const sources = new WeakMap<object, RateSource>();

/**
 * The rate source of an instance, one per deps (the price service's cache is shared by both
 * origins): fixed configurable rates in sandbox, the public price service in production.
 */
export function rateSourceFor(deps: { env: { ZPAY_MODE: "sandbox" | "production"; SANDBOX_FIAT_RATES: string; PRICE_SERVICE_URL: string } }): RateSource {
  let source = sources.get(deps);
  if (!source) {
    source = deps.env.ZPAY_MODE === "production" ? priceServiceRates(deps.env.PRICE_SERVICE_URL) : fixedRates(deps.env.SANDBOX_FIAT_RATES);
    sources.set(deps, source);
  }
  return source;
}
