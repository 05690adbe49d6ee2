import type { Address, PublicClient } from "viem";
import { EvmChainError } from "./errors";
import { routeAbi } from "./route-abi";

/** Who controls a route and where it settles. */
export interface RouteSettings {
  owner: Address;
  settlementAddress: Address;
}

/**
 * The route's owner and settlement address, read from the contract itself.
 * @throws {EvmChainError} when the node cannot be asked or there is no route at `route`.
 */
export async function readRouteSettings(client: PublicClient, route: Address): Promise<RouteSettings> {
  try {
    const [owner, settlementAddress] = await Promise.all([
      client.readContract({ address: route, abi: routeAbi, functionName: "owner" }),
      client.readContract({ address: route, abi: routeAbi, functionName: "settlementAddress" }),
    ]);
    return { owner, settlementAddress };
  } catch (cause) {
    throw new EvmChainError(`could not read route ${route}`, { cause });
  }
}

/**
 * Whether `settle` may send to `to`: the settlement address always, others once whitelisted.
 * @throws {EvmChainError} when the node cannot be asked.
 */
export async function readMaySettleTo(client: PublicClient, route: Address, to: Address, settlementAddress: Address): Promise<boolean> {
  if (to.toLowerCase() === settlementAddress.toLowerCase()) return true;
  try {
    return await client.readContract({ address: route, abi: routeAbi, functionName: "isWhitelisted", args: [to] });
  } catch (cause) {
    throw new EvmChainError(`isWhitelisted(${to}) on route ${route} failed`, { cause });
  }
}
