import type { EvmToken, Stablecoin } from "./runtime";

/**
 * Production stablecoin addresses. An operator can override the Solana mints through the
 * environment; an EVM chain is offered only where Request Network's ERC20FeeProxy is deployed too
 * (see `evm/fee-proxy-deployments.ts`).
 *
 * Sources (re-check both before a production launch; they are not fetched at run time):
 * - USDC: Circle's "USDC contract addresses" page,
 *   https://developers.circle.com/stablecoins/usdc-contract-addresses (native USDC, 6 decimals).
 *   Ethereum, Optimism, Polygon PoS, Base, Arbitrum One and Avalanche C-Chain below match that
 *   page as quoted by third-party mirrors at the time of writing; the page itself could not be
 *   opened from the machine this was written on.
 * - USDT: Tether's "supported protocols" page, https://tether.to/en/supported-protocols
 *   (6 decimals on Ethereum, Polygon, Arbitrum, Optimism and Avalanche). These addresses are the
 *   long-standing, widely published ones; they were NOT checked against Tether's page offline.
 * - BNB Smart Chain (56): the usual "USDC" and "USDT" there are Binance-Peg tokens (issued by Binance's bridge, 18 decimals), published on Binance's and
 *   BscScan's token pages, not on the issuers' lists; NOT verified offline. They are kept because
 *   they are what BNB Smart Chain payers hold, and because 18 decimals is exactly the case zpay's
 *   per-token decimals exist for. Remove them if only issuer-listed tokens may be accepted.
 * - Base has no Tether-issued USDT: Base lists USDC only.
 */
export const MAINNET_SOLANA_MINTS: Record<Stablecoin, string> = {
  USDC: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
  USDT: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
};

const six = (address: `0x${string}`): EvmToken => ({ address, decimals: 6 });
const eighteen = (address: `0x${string}`): EvmToken => ({ address, decimals: 18 });

export const MAINNET_EVM_TOKENS: Record<number, Partial<Record<Stablecoin, EvmToken>>> = {
  1: { USDC: six("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"), USDT: six("0xdAC17F958D2ee523a2206206994597C13D831ec7") },
  10: { USDC: six("0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85"), USDT: six("0x94b008aA00579c1307B0EF2c499aD98a8ce58e58") },
  56: { USDC: eighteen("0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d"), USDT: eighteen("0x55d398326f99059fF775485246999027B3197955") },
  137: { USDC: six("0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"), USDT: six("0xc2132D05D31c914a87C6611C10748AEb04B58e8F") },
  8453: { USDC: six("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913") },
  42161: { USDC: six("0xaf88d065e77c8cC2239327C5EDb3A432268e5831"), USDT: six("0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9") },
  43114: { USDC: six("0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E"), USDT: six("0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7") },
};
