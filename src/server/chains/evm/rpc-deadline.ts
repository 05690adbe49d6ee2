/**
 * How long one EVM JSON-RPC call may take before it fails (the viem transport's `timeout`), for the
 * clients that read receipts to credit and screen payments: every chain call has a deadline, and a
 * stalled node fails the pass (retried) instead of holding it.
 */
export const EVM_RPC_TIMEOUT_MS = 10_000;
