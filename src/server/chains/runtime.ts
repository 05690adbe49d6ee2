import type { RpcPolicy } from "./rpc-fetch";

/**
 * What the app may do on a local Solana network besides RPC: the faucet. The network runs in this
 * process (`npm start`) or in a chain host that several processes share (`npm run cluster`).
 */
export interface LocalSolanaControl {
  /** Sends lamports from the faucet; resolves once confirmed. */
  airdrop(address: string, lamports: bigint): Promise<string>;
  /** Creates the owner's token account if missing and mints `amount` base units; resolves once confirmed. */
  mintTokens(owner: string, mint: string, amount: bigint): Promise<string>;
  /** Stops a network this process runs; a shared chain host is left running. */
  stop(): Promise<void>;
}

/** The same for a local EVM network: gas money and test tokens. */
export interface LocalEvmControl {
  fund(address: `0x${string}`, wei: bigint): Promise<`0x${string}`>;
  mintTokens(address: `0x${string}`, token: `0x${string}`, amount: bigint): Promise<`0x${string}`>;
  stop(): Promise<void>;
}

/** The stablecoins zpay settles in. Their decimals differ per chain (USDT on BNB Smart Chain has 18): every token carries its own. */
export const STABLECOINS = ["USDC", "USDT"] as const;
export type Stablecoin = (typeof STABLECOINS)[number];

/** Circle's USDC and Tether's USDT both have 6 decimals on Solana (and so do the sandbox's test mints). */
export const SOLANA_STABLECOIN_DECIMALS = 6;

/** The Solana network this process pays on. */
export interface SolanaRuntime {
  chainId: number;
  rpcUrl: string;
  /** WebSocket endpoint; web3.js derives port + 1 from `rpcUrl` when absent. */
  wsUrl?: string;
  /** A sandbox network's RPC and WebSocket as browsers reach them, when not as this process does (a cluster in containers). */
  browserRpcUrl?: string;
  browserWsUrl?: string;
  /** Further RPC URLs a failed call moves on to (failover), after `rpcUrl`. */
  fallbackRpcUrls?: string[];
  /** Deadline and retries of every call; DEFAULT_RPC_POLICY when absent. */
  rpc?: RpcPolicy;
  /** Token mints by symbol (each with `SOLANA_STABLECOIN_DECIMALS`). */
  mints: Record<Stablecoin, string>;
  /** Present on a sandbox network (run by this process or a chain host). */
  local?: LocalSolanaControl;
}

/** A token contract on an EVM chain. */
export interface EvmToken {
  address: `0x${string}`;
  decimals: number;
}

/** One EVM network this process pays on. */
export interface EvmRuntime {
  chainId: number;
  rpcUrl: string;
  /** A sandbox network's RPC as browsers reach it, when not as this process does (a cluster in containers). */
  browserRpcUrl?: string;
  /** Further RPC URLs a failed call moves on to (failover), after `rpcUrl`. */
  fallbackRpcUrls?: string[];
  /** Deadline and retries of every call; DEFAULT_RPC_POLICY when absent. */
  rpc?: RpcPolicy;
  /** Token contracts by symbol; a chain may lack one. */
  tokens: Partial<Record<Stablecoin, EvmToken>>;
  /**
   * Request Network's ERC20FeeProxy on this chain: payers pay through it so the payment reference
   * is on chain. A chain without one is not payable (it may still be listed for the faucet).
   */
  feeProxy?: `0x${string}`;
  /**
   * zpay's route factory (contracts/ZpayRouteFactory.sol) on this chain: a non-custodial merchant
   * gets its route contract from it. A chain without one takes no non-custodial merchant's wallet.
   */
  routeFactory?: `0x${string}`;
  /** Present on a sandbox network (run by this process or a chain host). */
  local?: LocalEvmControl;
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
