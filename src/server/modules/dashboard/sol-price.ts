import type { AppDeps } from "../../deps";

const cache = new WeakMap<object, { price: string; at: number }>();
const TTL_MS = 60_000;

/**
 * USD per SOL for the wallet total: the fixed `SANDBOX_SOL_USD` in sandbox, the public price
 * service (CoinGecko-compatible, cached a minute) in production.
 * @throws Error when the price service does not answer with a positive price.
 */
export async function solUsdPrice(deps: Pick<AppDeps, "env">, fetchImpl: typeof fetch = fetch): Promise<string> {
  if (deps.env.ZPAY_MODE === "sandbox") return deps.env.SANDBOX_SOL_USD;
  const hit = cache.get(deps);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.price;
  const res = await fetchImpl(`${deps.env.PRICE_SERVICE_URL.replace(/\/$/, "")}/simple/price?ids=solana&vs_currencies=usd`);
  if (!res.ok) throw new Error(`SOL price: HTTP ${res.status}`);
  const price = ((await res.json()) as { solana?: { usd?: unknown } }).solana?.usd;
  if (typeof price !== "number" || !(price > 0)) throw new Error("SOL price: no price in the answer");
  cache.set(deps, { price: String(price), at: Date.now() });
  return String(price);
}
