import { getContractAddress, isAddressEqual, type Address, type Hash } from "viem";
import type { ContractArtifact } from "./artifact-cache";
import { EvmSandboxError } from "./errors";
import { ANVIL_DEV_ACCOUNT, receiptTimeoutMs, type SandboxClients } from "./local-chain";
import { TEST_TOKENS, testTokenAbi, type TestTokenSymbol } from "./test-token";

/**
 * Deploys test USDC then test USDT, each with its `decimals`, from `ANVIL_DEV_ACCOUNT` with explicit
 * nonces 0 and 1, so their addresses are the same on every fresh anvil. With interval mining it
 * mines a block at once rather than waiting for the next tick.
 * @throws {EvmSandboxError} when the node refuses a deployment (e.g. the account has already
 *   used those nonces), a deployment reverts, or a contract lands at an unexpected address.
 */
export async function deployTestTokens(
  clients: SandboxClients,
  artifact: ContractArtifact,
  { blockTimeSec, decimals }: { blockTimeSec?: number; decimals: Record<TestTokenSymbol, number> },
): Promise<Record<TestTokenSymbol, Address>> {
  const sent: { symbol: TestTokenSymbol; hash: Hash; expected: Address }[] = [];
  try {
    for (const [nonce, token] of TEST_TOKENS.entries()) {
      const hash = await clients.wallet.deployContract({
        abi: testTokenAbi,
        bytecode: artifact.bytecode,
        args: [token.name, token.symbol, decimals[token.symbol]],
        nonce,
      });
      sent.push({ symbol: token.symbol, hash, expected: getContractAddress({ from: ANVIL_DEV_ACCOUNT, nonce: BigInt(nonce) }) });
    }
    if (blockTimeSec !== undefined) await clients.test.mine({ blocks: 1 });
  } catch (cause) {
    throw new EvmSandboxError("could not deploy the test tokens", { cause });
  }
  const addresses = {} as Record<TestTokenSymbol, Address>;
  for (const { symbol, hash, expected } of sent) {
    const receipt = await clients.public
      .waitForTransactionReceipt({ hash, timeout: receiptTimeoutMs(blockTimeSec) })
      .catch((cause: unknown) => {
        throw new EvmSandboxError(`no receipt for the ${symbol} deployment ${hash}`, { cause });
      });
    if (receipt.status !== "success" || !receipt.contractAddress) throw new EvmSandboxError(`the ${symbol} deployment ${hash} reverted`);
    if (!isAddressEqual(receipt.contractAddress, expected)) {
      throw new EvmSandboxError(`${symbol} landed at ${receipt.contractAddress}, expected ${expected}`);
    }
    addresses[symbol] = expected;
  }
  return addresses;
}
