/**
 * The chains zpay knows (SPEC §3 type codes and ids, §9 explorer links), shared by the browser
 * and the server. Pure data and lookups: which chains a running instance offers is decided by
 * the server (`src/server/modules/chains`) and reaches the browser in the sign-in config.
 */

/** SPEC §3 chain type codes. */
export const CHAIN_TYPE = { bitcoin: 1, evm: 2, solana: 3, near: 4, tron: 10, icp: 20, manual: -1 } as const;
export type ChainType = (typeof CHAIN_TYPE)[keyof typeof CHAIN_TYPE];

/** Solana has no numeric chain id of its own; SPEC §3 gives these. */
export const SOLANA_MAINNET = -5000;
export const SOLANA_DEVNET = -5001;
export const SOLANA_TESTNET = -5002;
export const NEAR_MAINNET = -6005;
export const ICP_MAINNET = -10001;
/** The sandbox's first local EVM network (anvil's default chain id). */
export const LOCAL_EVM_CHAIN_ID = 31337;
/** The sandbox's second local EVM network, so switching chains is real (its test USDT has 18 decimals, like USDT on BNB Smart Chain). */
export const LOCAL_EVM_CHAIN_B_ID = 31338;

export interface ChainInfo {
  id: number;
  name: string;
  type: ChainType;
  /** `local` chains run inside a sandbox process; their explorer is our own /tx page. */
  network: "mainnet" | "testnet" | "local";
  nativeSymbol: string;
  nativeDecimals: number;
  /** Transaction page with `{hash}` in place of the hash; absent when no explorer is known. */
  explorerTx?: string;
  /** Address page with `{address}` in place of the address. */
  explorerAddress?: string;
}

const evm = (id: number, name: string, nativeSymbol: string, explorer: string): ChainInfo => ({
  id,
  name,
  type: CHAIN_TYPE.evm,
  network: "mainnet",
  nativeSymbol,
  nativeDecimals: 18,
  explorerTx: `${explorer}/tx/{hash}`,
  explorerAddress: `${explorer}/address/{address}`,
});

/** Every chain with an id SPEC names; explorer links for those §9 lists. */
export const CHAINS: readonly ChainInfo[] = [
  evm(1, "Ethereum", "ETH", "https://etherscan.io"),
  evm(10, "Optimism", "ETH", "https://optimistic.etherscan.io"),
  evm(56, "BNB Smart Chain", "BNB", "https://bscscan.com"),
  evm(66, "OKX Chain", "OKT", "https://www.oklink.com/oktc"),
  evm(137, "Polygon", "POL", "https://polygonscan.com"),
  evm(1284, "Moonbeam", "GLMR", "https://moonscan.io"),
  evm(8453, "Base", "ETH", "https://basescan.org"),
  evm(42161, "Arbitrum One", "ETH", "https://arbiscan.io"),
  evm(43114, "Avalanche C-Chain", "AVAX", "https://snowtrace.io"),
  evm(1313161554, "Aurora", "ETH", "https://explorer.aurora.dev"),
  {
    id: SOLANA_MAINNET,
    name: "Solana",
    type: CHAIN_TYPE.solana,
    network: "mainnet",
    nativeSymbol: "SOL",
    nativeDecimals: 9,
    explorerTx: "https://solscan.io/tx/{hash}",
    explorerAddress: "https://solscan.io/account/{address}",
  },
  { id: SOLANA_DEVNET, name: "Solana Devnet", type: CHAIN_TYPE.solana, network: "testnet", nativeSymbol: "SOL", nativeDecimals: 9 },
  { id: SOLANA_TESTNET, name: "Solana Testnet", type: CHAIN_TYPE.solana, network: "testnet", nativeSymbol: "SOL", nativeDecimals: 9 },
  {
    id: NEAR_MAINNET,
    name: "NEAR",
    type: CHAIN_TYPE.near,
    network: "mainnet",
    nativeSymbol: "NEAR",
    nativeDecimals: 24,
    explorerTx: "https://nearblocks.io/txns/{hash}",
    explorerAddress: "https://nearblocks.io/address/{address}",
  },
  {
    id: ICP_MAINNET,
    name: "Internet Computer",
    type: CHAIN_TYPE.icp,
    network: "mainnet",
    nativeSymbol: "ICP",
    nativeDecimals: 8,
    explorerTx: "https://dashboard.internetcomputer.org/transaction/{hash}",
    explorerAddress: "https://dashboard.internetcomputer.org/account/{address}",
  },
  { id: LOCAL_EVM_CHAIN_ID, name: "Local EVM A", type: CHAIN_TYPE.evm, network: "local", nativeSymbol: "ETH", nativeDecimals: 18 },
  { id: LOCAL_EVM_CHAIN_B_ID, name: "Local EVM B", type: CHAIN_TYPE.evm, network: "local", nativeSymbol: "ETH", nativeDecimals: 18 },
];

/** The nine EVM chains the wallet-connect config offers (SPEC §9); OKX Chain keeps only its explorer link. */
export const WALLET_EVM_CHAIN_IDS: readonly number[] = [1, 10, 56, 137, 1284, 8453, 42161, 43114, 1313161554];

const byId = new Map(CHAINS.map((c) => [c.id, c]));

/** The chain with this id, or undefined. */
export function chainById(id: number): ChainInfo | undefined {
  return byId.get(id);
}

export function isSolanaChain(id: number): boolean {
  return chainById(id)?.type === CHAIN_TYPE.solana;
}

export function isEvmChain(id: number): boolean {
  return chainById(id)?.type === CHAIN_TYPE.evm;
}

/** The Solana chain id an instance pays on: devnet (the local network) in sandbox, mainnet in production. */
export function solanaChainFor(mode: "sandbox" | "production"): number {
  return mode === "production" ? SOLANA_MAINNET : SOLANA_DEVNET;
}

/** The explorer page of a transaction, or undefined when the chain has none. */
export function explorerTxUrl(chain: Pick<ChainInfo, "explorerTx">, hash: string): string | undefined {
  return chain.explorerTx?.replace("{hash}", encodeURIComponent(hash));
}

/** The explorer page of an address, or undefined when the chain has none. */
export function explorerAddressUrl(chain: Pick<ChainInfo, "explorerAddress">, address: string): string | undefined {
  return chain.explorerAddress?.replace("{address}", encodeURIComponent(address));
}
