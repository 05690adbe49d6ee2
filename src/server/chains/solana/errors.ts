/** A Solana RPC call failed or answered something unusable. */
export class SolanaChainError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SolanaChainError";
  }
}
