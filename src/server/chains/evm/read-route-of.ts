import { zeroAddress, type Address, type PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { routeFactoryAbi } from "./route-abi";

/**
 * The route contract the factory deployed for `owner`, or undefined when it has none yet (the
 * factory answers the zero address): the first half of get-or-deploy.
 * @throws {EvmChainError} when the node cannot be asked or the factory is not there.
 */
export async function readRouteOf(client: PublicClient, factory: Address, owner: Address): Promise<Address | undefined> {
  let route: Address;
  try {
    route = await client.readContract({ address: factory, abi: routeFactoryAbi, functionName: "routeOf", args: [owner] });
  } catch (cause) {
    throw new EvmChainError(`routeOf(${owner}) on the route factory ${factory} failed`, { cause });
  }
  return route === zeroAddress ? undefined : route;
}
