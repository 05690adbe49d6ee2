import { isAddress, type Address, type Hash } from "viem";
import { EvmSandboxError } from "./errors";
import type { SandboxClients } from "./local-chain";
import { waitForSuccess } from "./wait-for-receipt";

/**
 * Sends `wei` of the native coin from `ANVIL_DEV_ACCOUNT` to `address` (gas money for a test
 * payer) and returns the hash once the transaction is mined.
 * @throws {EvmSandboxError} on a malformed address or negative amount, a refused or reverted
 *   transaction, or no receipt in time.
 */
export async function fundAccount(
  clients: SandboxClients,
  address: Address,
  wei: bigint,
  { blockTimeSec }: { blockTimeSec?: number } = {},
): Promise<Hash> {
  if (!isAddress(address, { strict: false })) throw new EvmSandboxError(`not an EVM address: ${address}`);
  if (wei < 0n) throw new EvmSandboxError(`cannot send a negative amount (${wei} wei)`);
  let hash: Hash;
  try {
    hash = await clients.submitAsDev(() => clients.wallet.sendTransaction({ to: address, value: wei }));
  } catch (cause) {
    throw new EvmSandboxError(`could not send ${wei} wei to ${address}`, { cause });
  }
  await waitForSuccess(clients, hash, blockTimeSec, `funding ${address}`);
  return hash;
}

