import type { PaymentTransactionInfo } from "@/lib/pay-api";
import type { SwapAnswer } from "@/lib/swap-api";
import type { SwapHolding } from "./pay-page-state";

/** What the payer's wallet holds is less than the payment (`token`) or the network fee (`native`). */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly asset: "token" | "native",
    readonly available: bigint,
    readonly needed: bigint,
  ) {
    super(asset === "token" ? `Insufficient token balance: ${available} < ${needed}` : `Insufficient balance for the network fee: ${available} < ${needed}`);
    this.name = "InsufficientBalanceError";
  }
}

/** The transaction reached the network and failed there (the wallet sent it, the chain refused it). */
export class PaymentFailedOnChainError extends Error {
  constructor(
    readonly hash: string,
    message: string,
  ) {
    super(message);
    this.name = "PaymentFailedOnChainError";
  }
}

/** Sends a payment from the connected wallet; the pay flow only knows this interface (no chain library). */
export interface PaymentSender {
  /**
   * Checks the balance, builds the transaction, has the wallet sign and send it, then waits for
   * the network to process it. Calls `onSent` with the hash as soon as the wallet returns it.
   * Resolves with the hash once processed.
   * @throws InsufficientBalanceError before asking the wallet, when the wallet cannot pay.
   * @throws PaymentFailedOnChainError when the network processed the transaction as failed.
   * @throws Error with the wallet's message when the wallet refuses or fails.
   * `onStep` says what the wallet is asked now: on EVM first 'approving' (only when the payment
   * contract may not yet take the amount), then 'paying'.
   */
  send(info: PaymentTransactionInfo, onSent: (hash: string) => void, onStep?: (step: PaymentStep) => void): Promise<string>;
  /** After a failure the wallet caused: drop the connection so the payer starts afresh (SPEC §8, EVM). */
  reset?(): void;
}

/** What the wallet is asked to sign now. */
export type PaymentStep = "approving" | "paying";

/**
 * Pays with another token from the connected wallet (Solana, issue 26); the pay flow only knows
 * this interface. Failures the payer can act on reject with `SwapFailedError` (src/lib/swap-api.ts).
 */
export interface PaymentSwapper {
  /** What the wallet holds of the tokens the swap provider takes on `chainId` (none of `exclude`, the payment's own token, nor an empty balance). */
  holdings(chainId: number, exclude: string): Promise<SwapHolding[]>;
  /** The swap route's transaction and quote for paying `info` with `fromAsset` (a mint). */
  quote(info: PaymentTransactionInfo, fromAsset: string): Promise<SwapAnswer>;
  /**
   * Has the wallet sign and send the quoted swap, asking a fresh quote first when it went stale
   * (`onRefreshing`, then `onRefreshed` with it), then waits for the network to process it.
   */
  send(request: {
    info: PaymentTransactionInfo;
    fromAsset: string;
    answer: SwapAnswer;
    onSent: (hash: string) => void;
    onRefreshing: () => void;
    onRefreshed: (answer: SwapAnswer) => void;
  }): Promise<string>;
}
