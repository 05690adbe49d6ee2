/**
 * Anything that goes wrong in the local EVM network: anvil not found or not starting, the test
 * token not compiling or deploying, a faucet transaction failing. `cause` carries the original
 * error (a viem error, a child-process error) when there is one.
 */
export class EvmSandboxError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EvmSandboxError";
  }
}
