import { getContractAddress, isAddressEqual, type Address } from "viem";
import type { ContractArtifact } from "./artifact-cache";
import { EvmSandboxError } from "./errors";
import { ANVIL_DEV_ACCOUNT, receiptTimeoutMs, type SandboxClients } from "./local-chain";

/** The route factory comes right after the two test tokens and the fee proxy (nonces 0, 1, 2). */
export const ROUTE_FACTORY_NONCE = 3;

/**
 * Deploys the route factory (contracts/ZpayRouteFactory.sol) from `ANVIL_DEV_ACCOUNT` at nonce 3,
 * so its address, and with CREATE2 every merchant's route address, is the same on every fresh anvil.
 * @throws {EvmSandboxError} when the node refuses the deployment, it reverts, or the contract lands elsewhere.
 */
export async function deployRouteFactory(
  clients: SandboxClients,
  artifact: ContractArtifact,
  { blockTimeSec }: { blockTimeSec?: number } = {},
): Promise<Address> {
  const expected = getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: BigInt(ROUTE_FACTORY_NONCE) });
  let receipt;
  try {
    const hash = await clients.wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, nonce: ROUTE_FACTORY_NONCE });
    if (blockTimeSec !== undefined) await clients.test.mine({ blocks: 1 });
    receipt = await clients.public.waitForTransactionReceipt({ hash, timeout: receiptTimeoutMs(blockTimeSec) });
  } catch (cause) {
    throw new EvmSandboxError("could not deploy ZpayRouteFactory", { cause });
  }
  if (receipt.status !== "success" || !receipt.contractAddress) throw new EvmSandboxError(`the ZpayRouteFactory deployment ${receipt.transactionHash} reverted`);
  if (!isAddressEqual(receipt.contractAddress, expected)) throw new EvmSandboxError(`ZpayRouteFactory landed at ${receipt.contractAddress}, expected ${expected}`);
  return expected;
}
