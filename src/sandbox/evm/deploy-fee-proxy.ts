import { getContractAddress, isAddressEqual, type Address } from "viem";
import { feeProxyArtifact } from "@/server/chains/evm/fee-proxy-artifact";
import { EvmSandboxError } from "./errors";
import { ANVIL_DEV_ACCOUNT, receiptTimeoutMs, type SandboxClients } from "./local-chain";

/** The fee proxy comes right after the two test tokens (nonces 0 and 1). */
export const FEE_PROXY_NONCE = 2;

/**
 * Deploys Request Network's ERC20FeeProxy from the bytecode its package publishes (the audited
 * contract payers use on real chains, not a look-alike) from `ANVIL_DEV_ACCOUNT` at nonce 2, so its
 * address is the same on every fresh anvil.
 * @throws {EvmSandboxError} when the artifact cannot be read, the node refuses the deployment, it
 *   reverts, or the contract lands elsewhere.
 */
export async function deployFeeProxy(clients: SandboxClients, { blockTimeSec }: { blockTimeSec?: number } = {}): Promise<Address> {
  const expected = getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: BigInt(FEE_PROXY_NONCE) });
  let receipt;
  try {
    const { abi, bytecode } = feeProxyArtifact();
    const hash = await clients.wallet.deployContract({ abi, bytecode, nonce: FEE_PROXY_NONCE });
    if (blockTimeSec !== undefined) await clients.test.mine({ blocks: 1 });
    receipt = await clients.public.waitForTransactionReceipt({ hash, timeout: receiptTimeoutMs(blockTimeSec) });
  } catch (cause) {
    throw new EvmSandboxError("could not deploy ERC20FeeProxy", { cause });
  }
  if (receipt.status !== "success" || !receipt.contractAddress) throw new EvmSandboxError(`the ERC20FeeProxy deployment ${receipt.transactionHash} reverted`);
  if (!isAddressEqual(receipt.contractAddress, expected)) throw new EvmSandboxError(`ERC20FeeProxy landed at ${receipt.contractAddress}, expected ${expected}`);
  return expected;
}
