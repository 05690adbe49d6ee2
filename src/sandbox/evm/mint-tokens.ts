import { isAddress, isAddressEqual, parseEventLogs, type Address, type Hash } from "viem";
import { EvmSandboxError } from "./errors";
import type { SandboxClients } from "./local-chain";
import { testTokenAbi } from "./test-token";
import { waitForSuccess } from "./wait-for-receipt";

/**
 * Mints `amount` base units of the test token at `token` to `address`, as the token's owner
 * (`ANVIL_DEV_ACCOUNT`, which deployed it), and returns the hash once the transaction is mined
 * and the token has logged the mint's Transfer.
 * @throws {EvmSandboxError} on a malformed address or negative amount, a token this sandbox did
 *   not deploy (the node refuses: not the owner; or no Transfer logged: not a token at all), or
 *   no receipt in time.
 */
export async function mintTestTokens(
  clients: SandboxClients,
  address: Address,
  token: Address,
  amount: bigint,
  { blockTimeSec }: { blockTimeSec?: number } = {},
): Promise<Hash> {
  if (!isAddress(address, { strict: false })) throw new EvmSandboxError(`not an EVM address: ${address}`);
  if (!isAddress(token, { strict: false })) throw new EvmSandboxError(`not a token address: ${token}`);
  if (amount < 0n) throw new EvmSandboxError(`cannot mint a negative amount (${amount})`);
  let hash: Hash;
  try {
    hash = await clients.submitAsDev(() =>
      clients.wallet.writeContract({ address: token, abi: testTokenAbi, functionName: "mint", args: [address, amount] }),
    );
  } catch (cause) {
    throw new EvmSandboxError(`could not mint ${amount} of ${token} to ${address}`, { cause });
  }
  const receipt = await waitForSuccess(clients, hash, blockTimeSec, `minting ${token} to ${address}`);
  const minted = parseEventLogs({ abi: testTokenAbi, logs: receipt.logs, eventName: "Transfer" }).some(
    (log) => isAddressEqual(log.address, token) && isAddressEqual(log.args.to, address) && log.args.value === amount,
  );
  if (!minted) throw new EvmSandboxError(`${token} logged no mint to ${address} (${hash}): not a test token of this sandbox`);
  return hash;
}
