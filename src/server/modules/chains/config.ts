import { chainById, type ChainInfo, type ChainType } from "@/lib/chains";
import { SOLANA_STABLECOIN_DECIMALS, type ChainRuntime, type Stablecoin } from "../../chains/runtime";

/** SPEC §3 chain/token: chain id, name, icon, token symbol, type, faucet, network (+ address, decimals). */
export interface TokenDto {
  chainId: number;
  chain: string;
  type: ChainType;
  network: ChainInfo["network"];
  symbol: string;
  name: string;
  /** Mint (Solana), contract (EVM), or the native marker (EVM zero address / wrapped SOL mint). */
  address: string;
  decimals: number;
  icon: string;
  native: boolean;
  /** The sandbox faucet hands this token out. */
  faucet: boolean;
}

/** Per-chain facts the browser needs: explorer links and, for local networks only, their RPC. */
export interface ChainMetaDto {
  name: string;
  type: ChainType;
  network: ChainInfo["network"];
  explorerTx?: string;
  explorerAddress?: string;
  rpcUrl?: string;
  wsUrl?: string;
}

export interface ChainConfig {
  tokens: TokenDto[];
  allTokens: TokenDto[];
  chainsOrder: number[];
  contractsMeta: Record<string, ChainMetaDto>;
}

/** SPEC §9: the native token's address on EVM chains is 40 zeros. */
export const EVM_NATIVE_ADDRESS = `0x${"0".repeat(40)}`;
export const SOL_NATIVE_MINT = "So11111111111111111111111111111111111111112";
const TOKEN_NAMES: Record<Stablecoin, string> = { USDC: "USD Coin", USDT: "Tether USD" };
const icon = (symbol: string) => `/assets/tokens/${symbol.toLowerCase()}.svg`;

/** A local network's transaction page: our own explorer on the payments origin (`{hash}` to fill in). */
export const localExplorerTx = (paymentsOrigin: string, chainId: number) => `${paymentsOrigin}/tx/${chainId}/{hash}`;

/**
 * The chain part of the config served at sign-in and to the pay page (SPEC §3 Config).
 * Local networks get our own explorer page on the payments origin and expose their RPC to the
 * browser; configured remote RPC URLs are never sent to browsers (they may carry API keys).
 */
export function buildChainConfig(chains: ChainRuntime, paymentsOrigin: string): ChainConfig {
  const tokens: TokenDto[] = [];
  const natives: TokenDto[] = [];
  const contractsMeta: Record<string, ChainMetaDto> = {};
  const chainsOrder: number[] = [];

  const add = (chainId: number, entries: [Stablecoin, { address: string; decimals: number }][], nativeAddress: string, local: boolean, rpc?: { rpcUrl: string; wsUrl?: string }) => {
    const info = chainById(chainId) ?? { id: chainId, name: `Chain ${chainId}`, type: 2 as ChainType, network: "testnet" as const, nativeSymbol: "ETH", nativeDecimals: 18 };
    const base = { chainId, chain: info.name, type: info.type, network: info.network, faucet: local };
    chainsOrder.push(chainId);
    for (const [symbol, { address, decimals }] of entries) {
      tokens.push({ ...base, symbol, name: TOKEN_NAMES[symbol], address, decimals, icon: icon(symbol), native: false });
    }
    natives.push({ ...base, symbol: info.nativeSymbol, name: info.nativeSymbol, address: nativeAddress, decimals: info.nativeDecimals, icon: icon(info.nativeSymbol), native: true });
    const explorer = local
      ? { explorerTx: localExplorerTx(paymentsOrigin, chainId), explorerAddress: undefined }
      : { explorerTx: info.explorerTx, explorerAddress: info.explorerAddress };
    contractsMeta[String(chainId)] = { name: info.name, type: info.type, network: local ? "local" : info.network, ...explorer, ...(local ? rpc : {}) };
  };

  if (chains.solana) {
    const s = chains.solana;
    const mints = (Object.entries(s.mints) as [Stablecoin, string][]).map(([symbol, address]): [Stablecoin, { address: string; decimals: number }] => [symbol, { address, decimals: SOLANA_STABLECOIN_DECIMALS }]);
    add(s.chainId, mints, SOL_NATIVE_MINT, Boolean(s.local), { rpcUrl: s.browserRpcUrl ?? s.rpcUrl, wsUrl: s.browserWsUrl ?? s.wsUrl });
  }
  for (const e of chains.evm) {
    add(e.chainId, Object.entries(e.tokens) as [Stablecoin, { address: string; decimals: number }][], EVM_NATIVE_ADDRESS, Boolean(e.local), { rpcUrl: e.browserRpcUrl ?? e.rpcUrl });
  }
  return { tokens, allTokens: [...tokens, ...natives], chainsOrder, contractsMeta };
}
