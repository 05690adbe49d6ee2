import bs58 from "bs58";
import { isAddress } from "viem";
import { ApiError } from "../../http/errors";
import { SOLANA_STABLECOIN_DECIMALS, type ChainRuntime, type Stablecoin } from "../../chains/runtime";

/** What one faucet call hands out: enough native coin for many fees, and 1,000 test stablecoins in the token's own decimals. */
export const faucetTokenAmount = (decimals: number) => 1_000n * 10n ** BigInt(decimals);
/** 1,000 of a 6-decimals token (USDC/USDT on Solana and on local EVM chain A). */
export const FAUCET_TOKEN_AMOUNT = faucetTokenAmount(SOLANA_STABLECOIN_DECIMALS);
export const FAUCET_SOL_LAMPORTS = 1_000_000_000n; // 1 SOL
export const FAUCET_EVM_WEI = 10n ** 18n; // 1 ETH

export interface FaucetGrant {
  chain: number;
  address: string;
  token: Stablecoin;
  /** Base units, as decimal strings (bigint-safe JSON). */
  tokenAmount: string;
  nativeAmount: string;
  /** Transactions the local network recorded for this grant. */
  transactions: string[];
}

const isSolanaKey = (address: string) => {
  try {
    return bs58.decode(address).length === 32;
  } catch {
    return false;
  }
};

/**
 * Sends native coin and `token` to `address` on a local sandbox network, in real transactions.
 * @throws {ApiError} 403 outside sandbox networks, 400 for an unknown chain or a malformed address.
 */
export async function grantFromFaucet(chains: ChainRuntime, request: { chain: number; address: string; token: Stablecoin }): Promise<FaucetGrant> {
  const { chain, address, token } = request;
  const solana = chains.solana?.chainId === chain ? chains.solana : undefined;
  const evm = chains.evm.find((e) => e.chainId === chain);
  if (!solana && !evm) throw new ApiError(400, "unknown_chain", `Chain ${chain} is not offered here`);
  if (solana) {
    if (!solana.local) throw new ApiError(403, "faucet_unavailable", "The faucet only serves the local sandbox networks");
    if (!isSolanaKey(address)) throw new ApiError(400, "invalid_address", "Invalid wallet address. Please double-check and try again.");
    const fee = await solana.local.airdrop(address, FAUCET_SOL_LAMPORTS);
    const minted = await solana.local.mintTokens(address, solana.mints[token], FAUCET_TOKEN_AMOUNT);
    return { chain, address, token, tokenAmount: String(FAUCET_TOKEN_AMOUNT), nativeAmount: String(FAUCET_SOL_LAMPORTS), transactions: [fee, minted] };
  }
  const e = evm!;
  if (!e.local) throw new ApiError(403, "faucet_unavailable", "The faucet only serves the local sandbox networks");
  if (!isAddress(address, { strict: false })) throw new ApiError(400, "invalid_address", "Invalid wallet address. Please double-check and try again.");
  const evmToken = e.tokens[token];
  if (!evmToken) throw new ApiError(400, "unknown_token", `${token} is not offered on chain ${chain}`);
  const amount = faucetTokenAmount(evmToken.decimals);
  const fee = await e.local.fund(address, FAUCET_EVM_WEI);
  const minted = await e.local.mintTokens(address, evmToken.address, amount);
  return { chain, address, token, tokenAmount: String(amount), nativeAmount: String(FAUCET_EVM_WEI), transactions: [fee, minted] };
}
