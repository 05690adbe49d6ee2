/**
 * SPEC §7 `POST /api/v2/jupiter/swap`: pay a Solana payment with another token. The contract the
 * pay page reads, and the words of every way a swap fails (server codes and the chain's own).
 */

/** What the payer asks. `paymentId` binds the swap to a started payment: the server derives destination, amount, reference and memo from it and refuses any other. */
export interface SwapRequest {
  paymentId: string;
  /** What the payer gives: "SOL", a token symbol the provider knows, or a mint. */
  fromAsset: string;
  /** What the merchant receives: the payment's token (symbol or mint). */
  toAsset: string;
  /** The amount due, in the payment token's base units (must equal what the payment still owes). */
  currentAmount: string;
  userPublicWalletKey: string;
  /** Must be the payment's merchant token account. */
  merchantUSDCTokenAccount: string;
}

/** The quote the page shows before the wallet signs. */
export interface SwapQuoteView {
  provider: string;
  /** The asset given, as the payer named it resolved (symbol when known, else its mint). */
  fromAsset: string;
  inputMint: string;
  /** Base units of the input: what the payer is expected to give, and the most (slippage bound). */
  inAmount: string;
  maxInAmount: string;
  /** Exactly what the merchant receives, base units of the payment token. */
  outAmount: string;
  slippageBps: number;
  priceImpactPct: string;
  /** The quote holds until then; the page asks again when it is past (the chain refuses the transaction after `lastValidBlockHeight` anyway). */
  expiresAt: string;
  lastValidBlockHeight: number;
}

export interface SwapAnswer {
  success: true;
  /** A base64 serialized v0 transaction, signed by all but the payer. */
  data: string;
  quote: SwapQuoteView;
}

/** Server refusals and chain failures of a swap, as codes the `errors` namespace words. */
export const SWAP_FAILURES = {
  noRoute: "swap_no_route",
  quoteExpired: "swap_quote_expired",
  slippageExceeded: "swap_slippage_exceeded",
  insufficientBalance: "swap_insufficient_balance",
} as const;
export type SwapFailure = (typeof SWAP_FAILURES)[keyof typeof SWAP_FAILURES];

/** English words (the server's messages; French in `errors.json` under the same codes). */
export const SWAP_FAILURE_MESSAGES: Record<SwapFailure, string> = {
  swap_no_route: "No one can swap this token for the amount due right now. Please pay with another token.",
  swap_quote_expired: "The swap quote expired before it was signed. Please get a fresh quote.",
  swap_slippage_exceeded: "The price moved beyond the slippage limit while the swap was sent, so nothing was paid. Please get a fresh quote.",
  swap_insufficient_balance: "Your wallet does not hold enough of this token to cover the swap and the network fees.",
};

/** Whether a server refusal's code is one of the swap failures the page words itself. */
export const isSwapFailure = (code: string | undefined): code is SwapFailure => code !== undefined && code in SWAP_FAILURE_MESSAGES;

/** A swap that failed in a way the payer can act on: its code has words in both languages (`errors` namespace). */
export class SwapFailedError extends Error {
  constructor(
    readonly code: SwapFailure,
    readonly hash?: string,
  ) {
    super(SWAP_FAILURE_MESSAGES[code]);
    this.name = "SwapFailedError";
  }
}

/** A token the swap provider takes from a payer (`GET /api/v2/jupiter/assets`). */
export interface SwapAssetInfo {
  symbol: string;
  mint: string;
  decimals: number;
  /** SOL itself, held as the wallet's lamports (not a token account). */
  native: boolean;
}

/** `GET /api/v2/jupiter/assets`: what the pay page may offer to swap from (empty when swaps are not offered). */
export interface SwapAssetsAnswer {
  assets: SwapAssetInfo[];
}

/**
 * Which swap failure a wallet's or node's error names, or undefined for another failure: an
 * expired blockhash (the quote's hold on chain), Jupiter's slippage check (its custom error 6001,
 * 0x1771), a balance too small for the transfer or its fee.
 */
export function swapFailureOf(error: string): SwapFailure | undefined {
  if (/blockhash not found|block height exceeded|BlockhashNotFound|has expired/i.test(error)) return SWAP_FAILURES.quoteExpired;
  if (/slippage|0x1771|"Custom":\s*6001|custom program error: 6001/i.test(error)) return SWAP_FAILURES.slippageExceeded;
  if (/insufficient (funds|lamports)|InsufficientFunds|0x1\b|"Custom":\s*1\b|ResultWithNegativeLamports/i.test(error)) return SWAP_FAILURES.insufficientBalance;
  return undefined;
}
