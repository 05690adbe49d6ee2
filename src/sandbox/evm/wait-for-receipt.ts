import type { Hash, TransactionReceipt } from "viem";
import { EvmSandboxError } from "./errors";
import { receiptTimeoutMs, type SandboxClients } from "./local-chain";

/**
 * Waits for `hash` to be mined and succeed; `what` names it in errors.
 * @throws {EvmSandboxError} when it reverted or no receipt came in time.
 */
export async function waitForSuccess(clients: SandboxClients, hash: Hash, blockTimeSec: number | undefined, what: string): Promise<TransactionReceipt> {
  const receipt = await clients.public
    .waitForTransactionReceipt({ hash, timeout: receiptTimeoutMs(blockTimeSec) })
    .catch((cause: unknown) => {
      throw new EvmSandboxError(`no receipt for ${what} (${hash})`, { cause });
    });
  if (receipt.status !== "success") throw new EvmSandboxError(`${what} reverted (${hash})`);
  return receipt;
}
