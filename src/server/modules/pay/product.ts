import { eq } from "drizzle-orm";
import type { PayableProduct } from "@/lib/pay-api";
import { chainById } from "@/lib/chains";
import { formatBaseUnits } from "@/lib/money";
import { USDC_DECIMALS } from "@/lib/fiat-conversion";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { users, type UserRow } from "../../db/schema";
import { merchantBrand } from "../profile";
import { receivableChains } from "../wallets";
import { SOLANA_STABLECOIN_DECIMALS, STABLECOINS } from "../../chains/runtime";
import { quote } from "./pricing";
import { findPayable, type FoundPayable } from "./payables";

export const LINK_NOT_PAYABLE = "This payment link does not exist or is no longer active.";

/** The name, logo and colour a payer sees: the profile's, with the shortened wallet as the name's fallback. */
export function payerFacingMerchant(merchant: Pick<UserRow, "publicKey" | "profile"> | undefined): PayableProduct["merchant"] {
  const brand = merchantBrand(merchant?.profile ?? {});
  return {
    displayName: brand.name ?? fallbackDisplayName(merchant?.publicKey ?? ""),
    ...(brand.logoUrl ? { logoUrl: brand.logoUrl } : {}),
    ...(brand.color ? { brandColor: brand.color } : {}),
  };
}

/**
 * The payable product behind `?p=`, whatever its type.
 * @throws {ApiError} 404 when it is unknown, disabled or cancelled (not told apart to payers).
 */
export async function requirePayable(deps: AppDeps, hashedId: string): Promise<FoundPayable> {
  // PostgreSQL text cannot hold NUL: such an id names nothing, and must not reach a query (a 500).
  const found = hashedId.includes("\0") ? undefined : await findPayable(deps, hashedId);
  if (!found) throw new ApiError(404, "link_not_found", LINK_NOT_PAYABLE);
  return found;
}

/** The name a payer sees for a merchant with no profile yet: the wallet, shortened (first 4 … last 4). */
export function fallbackDisplayName(publicKey: string): string {
  return publicKey.length > 10 ? `${publicKey.slice(0, 4)}…${publicKey.slice(-4)}` : publicKey;
}

/**
 * The settlement tokens a payer may pay with on this instance: USDC and USDT on its Solana network,
 * then each EVM chain that has Request Network's fee proxy, each token with its own decimals.
 */
export function payOptions(deps: AppDeps): PayableProduct["options"] {
  const options: PayableProduct["options"] = [];
  const chainName = (chainId: number) => chainById(chainId)?.name ?? `Chain ${chainId}`;
  const solana = deps.chains.solana;
  if (solana) {
    const tokens = STABLECOINS.map((symbol) => ({ symbol, address: solana.mints[symbol], decimals: SOLANA_STABLECOIN_DECIMALS }));
    options.push({ chainId: solana.chainId, chainName: chainName(solana.chainId), tokens });
  }
  for (const evm of deps.chains.evm) {
    if (!evm.feeProxy) continue;
    const tokens = STABLECOINS.flatMap((symbol) => {
      const token = evm.tokens[symbol];
      return token ? [{ symbol, address: token.address, decimals: token.decimals }] : [];
    });
    if (tokens.length > 0) options.push({ chainId: evm.chainId, chainName: chainName(evm.chainId), tokens });
  }
  return options;
}

/**
 * What this merchant's payer may pay with (issue 26): the instance's options on the chains the
 * merchant receives on, by the rule the pay start applies, so the page never offers a chain whose
 * start answers 409. A merchant who receives nowhere keeps every option, as before: the page
 * still shows the product (and "already paid" for a paid one) and the start explains, in the
 * payer's words, that this merchant cannot receive payments yet.
 */
export async function merchantPayOptions(deps: AppDeps, merchantId: string): Promise<PayableProduct["options"]> {
  const options = payOptions(deps);
  const receiving = await receivableChains(deps.database.db, merchantId, options.map((o) => o.chainId));
  return receiving.length === 0 ? options : options.filter((o) => receiving.includes(o.chainId));
}

/** `GET /api/pay/{id}`: what the payer sees of a product before connecting a wallet. */
export async function readPayableProduct(deps: AppDeps, hashedId: string): Promise<PayableProduct> {
  const { payable, paid } = await requirePayable(deps, hashedId);
  const [merchant] = await deps.database.db.select({ publicKey: users.publicKey, profile: users.profile }).from(users).where(eq(users.id, payable.merchantId));
  const { usdcBaseUnits } = await quote(deps, payable.displayPrice);
  return {
    id: payable.hashedId,
    type: payable.type,
    label: payable.label,
    description: payable.desc || undefined,
    site: payable.site ?? undefined,
    price: payable.displayPrice.price,
    currency: payable.displayPrice.currency,
    useFiat: payable.displayPrice.useFiat,
    estimatedUsdc: formatBaseUnits(usdcBaseUnits, USDC_DECIMALS),
    merchant: payerFacingMerchant(merchant),
    options: await merchantPayOptions(deps, payable.merchantId),
    sandbox: deps.env.ZPAY_MODE !== "production",
    ...payable.view,
    ...(paid ? { paid: true } : {}),
  };
}
