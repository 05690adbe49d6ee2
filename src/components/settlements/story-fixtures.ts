import type { SettlementDto, UnsettledDto } from "@/lib/settlements";

/** Addresses the settlement stories share: the merchant's route and wallet, an exchange, the local tokens. */
export const ROUTE = "0x8F1c0b3a6e5B2e4bC2c0E1a9d2f4A5b6C7d8E9f0";
export const OWNER = "0x52908400098527886E0F7030069857D2E4169EE7";
export const EXCHANGE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const USDC = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
export const USDT = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

/** The merchant's route on local chain A holding these base-unit amounts, with no earlier routes. */
export const routeHolding = (usdc: string, usdt: string): UnsettledDto => ({
  route: ROUTE,
  chain: 31337,
  owner: OWNER,
  settlementAddress: OWNER,
  balances: [
    { symbol: "USDC", tokenAddress: USDC, decimals: 6, amount: usdc },
    { symbol: "USDT", tokenAddress: USDT, decimals: 6, amount: usdt },
  ],
  earlierRoutes: [],
});

/** A USDC settlement out of `route` to `to`, in the transaction whose hash repeats `byte`. */
export const usdcSettlement = (to: string, amount: string, byte: string, blockNumber: string, route = ROUTE): SettlementDto => ({
  route,
  symbol: "USDC",
  tokenAddress: USDC,
  decimals: 6,
  to,
  amount,
  hash: `0x${byte.repeat(32)}`,
  blockNumber,
  scanLink: `http://localhost:4322/tx/31337/0x${byte}`,
});
