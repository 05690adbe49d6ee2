import { describe, expect, it, vi } from "vitest";
import { RateUnavailableError, fixedRates, priceServiceRates } from "./rates";

describe("rate sources", () => {
  it("fixed sandbox rates, USD at par, unknown currencies refused", async () => {
    const rates = fixedRates("EUR=1.08, gbp=1.27");
    expect(await rates.usdPer("USD")).toBe("1");
    expect(await rates.usdPer("eur")).toBe("1.08");
    expect(await rates.usdPer("GBP")).toBe("1.27");
    await expect(rates.usdPer("XYZ")).rejects.toBeInstanceOf(RateUnavailableError);
    expect(() => fixedRates("EUR")).toThrow();
  });

  it("inverts the price service's USDC price and caches it", async () => {
    const fetchImpl = vi.fn(async () => Response.json({ "usd-coin": { eur: 0.925 } }));
    const rates = priceServiceRates("https://prices.test/api/v3/", fetchImpl as unknown as typeof fetch);
    expect(await rates.usdPer("EUR")).toBe("1.08108108");
    expect(await rates.usdPer("EUR")).toBe("1.08108108");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith("https://prices.test/api/v3/simple/price?ids=usd-coin&vs_currencies=eur");
    expect(await rates.usdPer("usd")).toBe("1");
  });

  it("reports an unavailable rate rather than guessing", async () => {
    const down = priceServiceRates("https://prices.test", (async () => new Response("nope", { status: 503 })) as unknown as typeof fetch);
    await expect(down.usdPer("EUR")).rejects.toBeInstanceOf(RateUnavailableError);
    const empty = priceServiceRates("https://prices.test", (async () => Response.json({})) as unknown as typeof fetch);
    await expect(empty.usdPer("EUR")).rejects.toBeInstanceOf(RateUnavailableError);
  });
});
