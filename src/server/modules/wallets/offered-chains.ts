import { chainById, solanaChainFor } from "@/lib/chains";
import { allowedChains } from "@/lib/wallet-families";
import { familyNameOf, familyOfChain } from "../../chains/families";
import { CHAIN_NOT_ALLOWED } from "@/lib/wallet-messages";
import type { UserRow } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";

/**
 * The chains this instance receives on, Solana first then the EVM chains in their configured
 * order (as the config's `chainsOrder`). The Solana chain follows the mode even when no Solana
 * network runs in this process (API-only tests), as merchants attach their wallet there first.
 */
export function instanceChains(deps: Pick<AppDeps, "chains" | "env">): number[] {
  const solana = deps.chains.solana?.chainId ?? solanaChainFor(deps.env.ZPAY_MODE);
  return [...new Set([solana, ...deps.chains.evm.map((e) => e.chainId)])];
}

/** The chains this merchant may attach wallets for: the instance's, after SPEC §6 restrictions. */
export function offeredChains(deps: Pick<AppDeps, "chains" | "env">, user: Pick<UserRow, "settings">): number[] {
  return allowedChains(instanceChains(deps), user.settings.restrictUserToChains ?? [], deps.env.RESTRICTED_NETWORKS);
}

/**
 * Refuses a chain the instance does not run (400 `unsupported_chain`) or one restricted away from
 * this merchant (400 `chain_not_allowed`).
 * @throws {ApiError}
 */
export function assertChainOffered(deps: Pick<AppDeps, "chains" | "env">, user: Pick<UserRow, "settings">, chainId: number): void {
  const instance = instanceChains(deps);
  if (!instance.includes(chainId)) {
    const names = instance.map((id) => chainById(id)?.name ?? String(id)).join(", ");
    throw new ApiError(400, "unsupported_chain", `This instance receives payments on ${names} only.`, [{ path: "chain", message: "unsupported chain" }]);
  }
  if (!offeredChains(deps, user).includes(chainId)) {
    throw new ApiError(400, "chain_not_allowed", CHAIN_NOT_ALLOWED, [{ path: "chain", message: "not allowed" }]);
  }
}

/**
 * The chains an address of `chainId`'s family receives on: for EVM the requested ones (default
 * every EVM chain offered to the merchant), each offered and EVM; for any other family just
 * `chainId`, which a request may repeat but not extend.
 * @throws {ApiError} 400 `invalid_chains`.
 */
export function receivingChainsFor(offered: readonly number[], chainId: number, requested: readonly number[] | undefined): number[] {
  const family = familyNameOf(chainId);
  const sameFamily = offered.filter((id) => familyNameOf(id) === family);
  if (!familyOfChain(chainId)?.oneAddressManyChains) {
    if (requested && (requested.length !== 1 || requested[0] !== chainId)) {
      throw new ApiError(400, "invalid_chains", "Only EVM addresses receive on several chains.", [{ path: "chains", message: "must be [chain]" }]);
    }
    return [chainId];
  }
  if (!requested) return sameFamily;
  const chosen = [...new Set(requested)];
  const wrong = chosen.filter((id) => !sameFamily.includes(id));
  if (chosen.length === 0 || wrong.length > 0 || !chosen.includes(chainId)) {
    throw new ApiError(400, "invalid_chains", "Choose EVM networks offered to your account, including the one you attach on.", [
      { path: "chains", message: wrong.length ? `not offered: ${wrong.join(", ")}` : "must include chain" },
    ]);
  }
  // Kept in the instance's order, whatever order the request used.
  return sameFamily.filter((id) => chosen.includes(id));
}
