import type { EvmSandbox } from "@/sandbox/evm";
import type { SolanaSandbox } from "@/sandbox/solana";

/** The stablecoins zpay settles in; every one has 6 decimals on the chains it is offered on. */
export const STABLECOINS = ["USDC", "USDT"] as const;
export type Stablecoin = (typeof STABLECOINS)[number];
export const STABLECOIN_DECIMALS = 6;

/** The Solana network this process pays on. */
export interface SolanaRuntime {
  chainId: number;
  rpcUrl: string;
  /** WebSocket endpoint; web3.js derives port + 1 from `rpcUrl` when absent. */
  wsUrl?: string;
  /** Token mints by symbol. */
  mints: Record<Stablecoin, string>;
  /** Present when this process runs the network itself (sandbox). */
  local?: SolanaSandbox;
}

/** One EVM network this process pays on. */
export interface EvmRuntime {
  chainId: number;
  rpcUrl: string;
  /** Token contracts by symbol; a chain may lack one. */
  tokens: Partial<Record<Stablecoin, `0x${string}`>>;
  local?: EvmSandbox;
}

/** Every chain a running instance offers, and how to stop the ones it started. */
export interface ChainRuntime {
  solana?: SolanaRuntime;
  evm: EvmRuntime[];
  /** Stops local networks (child processes included); configured remote ones are left alone. */
  stop(): Promise<void>;
}

/** No chains at all: API tests that never touch a chain. */
export const NO_CHAINS: ChainRuntime = { evm: [], stop: async () => {} };
