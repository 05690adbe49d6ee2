/** An EVM RPC call failed or answered something unusable, or a contract artifact could not be read. */
export class EvmChainError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EvmChainError";
  }
}
