/**
 * A swap provider turns "the payer gives token X" into one Solana transaction that also delivers
 * exactly the amount due in USDC to the merchant's token account with the payment's reference and
 * memo (exact-out). Production asks Jupiter (`jupiter.ts`); the sandbox injects a local market maker
 * (src/sandbox/solana/swap-maker.ts) that answers the same way. The server never lets the payer
 * choose where the money goes: the order below is derived from the payment.
 */

/** The wrapped SOL mint: aggregators and the sandbox maker name native SOL by it. */
export const NATIVE_SOL_MINT = "So11111111111111111111111111111111111111112";

/** A token the payer may give, as the provider knows it. */
export interface SwapAsset {
  mint: string;
  /** SOL itself (paid from the wallet's lamports), not an SPL token account. */
  native: boolean;
  symbol?: string;
}

/** An asset the provider names to payers (the pay page's list), with what it takes to show an amount of it. */
export interface SwapListedAsset extends SwapAsset {
  symbol: string;
  decimals: number;
}

export interface SwapQuoteRequest {
  from: SwapAsset;
  /** The settlement mint (USDC). */
  outputMint: string;
  /** Exactly what must arrive, in the output's base units. */
  amountOut: bigint;
  /** The payer's wallet (fee payer and signer). */
  payer: string;
  /** Most the `in` side may grow on chain, in basis points of `inAmount`. */
  slippageBps: number;
}

export interface SwapQuote {
  inputMint: string;
  /** What the payer is expected to give, base units of the input. */
  inAmount: bigint;
  /** The most the payer may give once slippage is counted (the transaction fails beyond it). */
  maxInAmount: bigint;
  outAmount: bigint;
  slippageBps: number;
  /** Price impact as a fraction in decimal text ("0.0012" = 0.12 %). */
  priceImpactPct: string;
  /** The provider's own quote, handed back to it when building. */
  raw?: unknown;
}

/** Where the money must land and what it carries: the payment's, never the payer's choice. */
export interface SwapOrder {
  payer: string;
  /** The merchant's USDC token account. */
  destination: string;
  outputMint: string;
  outputDecimals: number;
  reference: string;
  memo: string;
}

export interface BuiltSwap {
  /** A serialized v0 transaction, signed by everyone but the payer. */
  transaction: Uint8Array;
  /** The transaction cannot land after this block height (the quote's hold on chain). */
  lastValidBlockHeight: number;
}

export interface SwapProvider {
  /** "jupiter" or "sandbox-maker", for logs and answers. */
  readonly name: string;
  /** The asset a payer names ("SOL", a symbol the provider knows, or a mint); undefined when it is none. */
  asset(nameOrMint: string): SwapAsset | undefined;
  /** The assets the pay page offers to swap from (the provider may take more by mint). */
  assets(): SwapListedAsset[];
  /** @throws {SwapError} `no_route` when nobody fills the order; `provider_unavailable` when the provider does not answer in time. */
  quote(request: SwapQuoteRequest): Promise<SwapQuote>;
  /** @throws {SwapError} as `quote`. */
  build(quote: SwapQuote, order: SwapOrder): Promise<BuiltSwap>;
}

export type SwapErrorReason = "no_route" | "provider_unavailable";

export class SwapError extends Error {
  constructor(
    readonly reason: SwapErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SwapError";
  }
}

/** `inAmount` grown by `slippageBps`, rounded up: the bound the payer accepts on the `in` side. */
export const withSlippage = (inAmount: bigint, slippageBps: number): bigint => (inAmount * BigInt(10_000 + slippageBps) + 9_999n) / 10_000n;
