import { chainById } from "@/lib/chains";
import type { WalletNetworksStatus } from "@/lib/receiving-wallets";
import { familyNameOf } from "../../chains/families";
import type { WalletRow } from "../../db/schema";
import { origins } from "../../env";
import type { AppDeps } from "../../deps";
import { buildChainConfig, type TokenDto } from "../chains";
import { toWalletDto } from "./dto";
import { receiverOn } from "./receiver";

/**
 * `GET /wallet/networks/status`: for every chain offered to the merchant, the family's address (if
 * any) and whether payments there reach the merchant; `canReceive` when at least one does. A
 * non-custodial merchant also learns each chain's route factory (its wallet deploys its route there).
 */
export function walletStatus(
  offered: readonly number[],
  wallets: readonly WalletRow[],
  route: { nonCustodial: boolean; factories: ReadonlyMap<number, string> } = { nonCustodial: false, factories: new Map() },
): WalletNetworksStatus {
  const chains = offered.map((chain) => {
    const family = familyNameOf(chain);
    const familyWallet = wallets.find((w) => w.family === family);
    return {
      chain,
      chainName: chainById(chain)?.name ?? `Chain ${chain}`,
      family,
      address: familyWallet?.address ?? null,
      receiving: receiverOn(wallets, chain) !== undefined,
      ...(route.factories.has(chain) && { routeFactory: route.factories.get(chain)! }),
    };
  });
  // Only said when true, so a custodial merchant's answer is as it always was.
  return { canReceive: chains.some((c) => c.receiving), ...(route.nonCustodial && { nonCustodial: true }), chains, wallets: wallets.map(toWalletDto) };
}

/** `GET /wallet/tokens`: the settlement tokens of every offered chain the merchant receives on. */
export function receivableTokens(deps: Pick<AppDeps, "chains" | "env">, offered: readonly number[], wallets: readonly WalletRow[]): TokenDto[] {
  const { tokens } = buildChainConfig(deps.chains, origins(deps.env).payments);
  return tokens.filter((t) => offered.includes(t.chainId) && receiverOn(wallets, t.chainId) !== undefined);
}
