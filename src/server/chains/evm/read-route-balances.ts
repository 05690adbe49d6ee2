import { erc20Abi, type Address, type PublicClient } from "viem";
import { EvmChainError } from "./errors";

/**
 * What the route holds of each token, in base units, in the order asked: what the merchant can
 * still settle. One `balanceOf` per token, batched by the node client's multicall when it has one.
 * @throws {EvmChainError} when a balance cannot be read.
 */
export async function readRouteBalances(client: PublicClient, route: Address, tokens: readonly Address[]): Promise<bigint[]> {
  try {
    return await Promise.all(tokens.map((token) => client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [route] })));
  } catch (cause) {
    throw new EvmChainError(`could not read the balances of route ${route}`, { cause });
  }
}
