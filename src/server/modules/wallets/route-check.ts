import { isAddressEqual, type Address, type Hash } from "viem";
import { ROUTE_MESSAGES } from "@/lib/route-messages";
import { readRouteDeployment } from "../../chains/evm/read-route-deployment";
import { readRouteOf } from "../../chains/evm/read-route-of";
import { routeClient } from "../../chains/evm/route-client";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";

/** A route the chain confirmed belongs to the wallet being attached. */
export interface VerifiedRoute {
  route: Address;
  /** The deploy transaction, when the client sent one (SPEC's Wallet.hash). */
  hash: Hash | null;
  /** The block the route was deployed in, from the deploy receipt (null without one: found on first history read). */
  deployBlock: bigint | null;
  verifiedAt: Date;
}

/**
 * SPEC §4 get-or-deploy, checked by the server: a non-custodial merchant's EVM wallet is attached
 * only once its route exists. With `deployHash` the deploy transaction's receipt must show the
 * chain's factory deploying a route for `owner`; without it the factory must answer a route for
 * `owner`. The client never tells the server where the route is: the chain does.
 * @throws {ApiError} 400 `route_unavailable` (no factory on the chain), 422 `route_not_deployed` /
 *   `route_deploy_mismatch`, 503 `chain_unavailable` when the node cannot be asked.
 */
export async function verifyRoute(deps: Pick<AppDeps, "chains" | "log">, chainId: number, owner: Address, deployHash: Hash | undefined, now = new Date()): Promise<VerifiedRoute> {
  const evm = deps.chains.evm.find((e) => e.chainId === chainId);
  if (!evm?.routeFactory) throw new ApiError(400, "route_unavailable", ROUTE_MESSAGES.unavailable, [{ path: "chain", message: ROUTE_MESSAGES.unavailable }]);
  const client = routeClient(evm);
  try {
    if (deployHash) {
      const deployed = await readRouteDeployment(client, evm.routeFactory, deployHash);
      if (!deployed || !isAddressEqual(deployed.owner, owner)) {
        throw new ApiError(422, "route_deploy_mismatch", ROUTE_MESSAGES.wrongDeploy, [{ path: "deployHash", message: ROUTE_MESSAGES.wrongDeploy }]);
      }
      return { route: deployed.route, hash: deployHash, deployBlock: deployed.blockNumber, verifiedAt: now };
    }
    const route = await readRouteOf(client, evm.routeFactory, owner);
    if (!route) throw new ApiError(422, "route_not_deployed", ROUTE_MESSAGES.notDeployed);
    return { route, hash: null, deployBlock: null, verifiedAt: now };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    deps.log.warn({ err: error, chainId }, "route check: the chain could not be asked");
    throw new ApiError(503, "chain_unavailable", "The network could not be reached. Try again in a moment.");
  }
}
