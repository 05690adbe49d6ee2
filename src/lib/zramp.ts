/**
 * zRamp (SPEC §2): the fiat on-ramp a merchant opens from the menu, an external provider's page
 * in a 700 px high frame. The server builds its address (it knows the provider and the merchant's
 * wallets); the page only shows it.
 */

/** SPEC §9: the ramp frame's height. */
export const ZRAMP_FRAME_HEIGHT_PX = 700;

/** The networks the ramp delivers to: our settlement chain. */
export const ZRAMP_NETWORKS = "solana";

/** `GET /api/zramp`: the ramp's address, or null when the server has no provider configured. */
export interface ZRampDto {
  url: string | null;
}

/**
 * The provider's base address plus `apiKey` (the merchant's account id), `networks` (solana) and
 * `wallets` (the Solana address the bought coins go to). Query parameters already in the base
 * are kept; ours replace any of the same name.
 */
export function buildRampUrl(base: string, { accountId, solanaAddress }: { accountId: string; solanaAddress: string }): string {
  const url = new URL(base);
  url.searchParams.set("apiKey", accountId);
  url.searchParams.set("networks", ZRAMP_NETWORKS);
  url.searchParams.set("wallets", solanaAddress);
  return url.toString();
}
