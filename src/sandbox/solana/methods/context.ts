import type { Faucet } from "../faucet";
import type { SolanaNetwork } from "../network";

/** What every RPC method reads from. */
export interface MethodContext {
  net: SolanaNetwork;
  faucet: Faucet;
}

/** A method before it is bound to a context (see methods/index.ts). */
export type Method = (params: unknown[], ctx: MethodContext) => unknown;
