/** The swap module's public entrance (architecture.test.ts): pay with any Solana token. */
export { jupiterSwapProvider, referenceInstruction } from "./jupiter";
export { NATIVE_SOL_MINT, SwapError, withSlippage } from "./provider";
export type { BuiltSwap, SwapAsset, SwapListedAsset, SwapOrder, SwapProvider, SwapQuote, SwapQuoteRequest } from "./provider";
export { swapRoutes } from "./routes";
export { SWAP_MESSAGES } from "./service";
