/**
 * The local Solana network for sandbox mode and tests: a JSON-RPC + WebSocket server over
 * litesvm with a real slot clock, commitment levels, blockhash expiry and recorded history.
 */
import { launchSolanaSandbox, type SolanaSandbox, type SolanaSandboxOptions } from "./sandbox";

export type { SolanaSandbox, SolanaSandboxOptions } from "./sandbox";
export type { RecordedTransaction } from "./ledger/types";
export { SolanaSandboxError } from "./faucet";

/** Starts a local Solana network; stop() it when done. */
export async function startSolanaSandbox(options: SolanaSandboxOptions = {}): Promise<SolanaSandbox> {
  return (await launchSolanaSandbox(options)).sandbox;
}
