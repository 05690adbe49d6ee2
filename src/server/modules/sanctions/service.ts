import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { BUNDLED_LIST, SanctionsList, refreshedListPath } from "./list";

/** One list per data directory: the routes, the payment start and the watcher's screening share it. */
const lists = new Map<string, SanctionsList>();

/** The sanctions list of a data directory (the operator's refreshed copy first, then the bundled one). */
export function sanctionsList(dataDir: string): SanctionsList {
  let list = lists.get(dataDir);
  if (!list) {
    list = new SanctionsList(() => [refreshedListPath(dataDir), BUNDLED_LIST]);
    lists.set(dataDir, list);
  }
  return list;
}

/**
 * Screens one party of a transfer for the payments service (`PaymentDeps.isSanctioned`), which asks
 * it of every wallet that moved the money: the transfer's authority and source owner, the
 * transaction's signers and fee payer.
 * @throws Error when no list can be read: the fact is then not applied and is retried, never passed.
 */
export function payerScreen(dataDir: string): (address: string) => boolean {
  const list = sanctionsList(dataDir);
  return (address) => list.isSanctioned(address);
}

/**
 * Whether `wallet` may pay.
 * @throws {ApiError} 503 when the list cannot be read (the page then says it cannot check).
 */
export function checkWallet(deps: Pick<AppDeps, "env" | "log">, wallet: string): boolean {
  try {
    return !sanctionsList(deps.env.DATA_DIR).isSanctioned(wallet);
  } catch (err) {
    deps.log.error({ err }, "sanctions list unreadable");
    throw new ApiError(503, "sanctions_unavailable", "Unable to check Wallet Sanction Status. Please try connecting wallet later.");
  }
}
