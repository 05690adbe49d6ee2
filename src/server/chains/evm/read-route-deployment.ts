import { isAddressEqual, parseEventLogs, type Address, type Hash, type PublicClient } from "viem";
import { readReceipt } from "./read-receipt";
import { routeFactoryAbi } from "./route-abi";

/** A route the factory deployed, as its deploy transaction's receipt shows it. */
export interface RouteDeployment {
  owner: Address;
  route: Address;
  blockNumber: bigint;
}

/**
 * The route a deploy transaction created, read from its receipt: a successful transaction whose
 * logs include `RouteDeployed` emitted by `factory` itself (a look-alike event from another
 * contract does not count). Undefined when the transaction is unknown, reverted or deployed nothing.
 * @throws {EvmChainError} when the node cannot be asked.
 */
export async function readRouteDeployment(client: PublicClient, factory: Address, hash: Hash): Promise<RouteDeployment | undefined> {
  const receipt = await readReceipt(client, hash);
  if (!receipt || receipt.status !== "success") return undefined;
  const fromFactory = receipt.logs.filter((log) => isAddressEqual(log.address, factory));
  const [deployed] = parseEventLogs({ abi: routeFactoryAbi, eventName: "RouteDeployed", logs: fromFactory });
  return deployed ? { owner: deployed.args.owner, route: deployed.args.route, blockNumber: receipt.blockNumber } : undefined;
}
