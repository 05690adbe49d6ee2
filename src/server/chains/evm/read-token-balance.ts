import { erc20Abi, type Address, type PublicClient } from "viem";
import { EvmChainError } from "./errors";

/**
 * What `owner` holds of the ERC-20 `token`, base units.
 * @throws {EvmChainError} when the node cannot be asked.
 */
export async function readEvmTokenBalance(client: PublicClient, token: Address, owner: Address): Promise<bigint> {
  try {
    return await client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
  } catch (cause) {
    throw new EvmChainError(`balanceOf ${owner} on ${token} failed`, { cause });
  }
}
