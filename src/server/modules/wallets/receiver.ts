import { familyNameOf } from "../../chains/families";
import type { WalletRow } from "../../db/schema";

/**
 * The one rule of who receives on a chain (issue 26): the merchant's usable wallet of that chain's
 * family that lists the chain among those it receives on. The pay start (`getReceivingWallet`),
 * the options the pay page offers (`receivableChains`), the wallet status and the token list all
 * ask this, so a chain the page offers is one the start accepts.
 */
export function receiverOn<W extends Pick<WalletRow, "valid" | "family" | "chains">>(wallets: readonly W[], chainId: number): W | undefined {
  return wallets.find((w) => w.valid && w.family === familyNameOf(chainId) && w.chains.includes(chainId));
}
