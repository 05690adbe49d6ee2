/** A JSON-RPC error with the code and message a real node would answer. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** JSON-RPC 2.0 and agave's custom codes (rpc_custom_error.rs). */
export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  sendTransactionPreflightFailure: -32002,
  signatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const;

export const invalidParams = (message: string) => new RpcError(RPC_ERROR.invalidParams, message);
