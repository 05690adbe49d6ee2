import "@/lib/polyfills";
import { Buffer } from "buffer";
import type { SendTransactionOptions } from "@solana/wallet-adapter-base";
import { VersionedTransaction, type Connection, type PublicKey } from "@solana/web3.js";
import { fetchJson } from "@/lib/api-client";
import type { PaymentTransactionInfo } from "@/lib/pay-api";
import { PaymentFailedOnChainError } from "../payment-sender";
import { SwapFailedError, swapFailureOf, type SwapAnswer, type SwapRequest } from "@/lib/swap-api";

/** wallet-adapter's `sendTransaction` for a v0 transaction: the wallet adds the payer's signature to the maker's and sends it. */
export type SendVersionedWithWallet = (transaction: VersionedTransaction, connection: Connection, options?: SendTransactionOptions) => Promise<string>;

// The error lives with the contract, so the pay page's machine reads it without web3.js.
export { SwapFailedError };

/** `POST /api/v2/jupiter/swap` on the payments origin; refusals reject with `ApiRequestError` (the server's code and words). */
export const requestSwap = (body: SwapRequest, { base = "", fetch: doFetch = (...args: Parameters<typeof fetch>) => globalThis.fetch(...args) } = {}) =>
  fetchJson<SwapAnswer>(doFetch, `${base}/api/v2/jupiter/swap`, { method: "POST", body });

/** The body that binds a swap to the payment the server started: its account, token and amount due. */
export const swapRequestFor = (info: PaymentTransactionInfo, payer: PublicKey, fromAsset: string, amountDue = info.amountWei): SwapRequest => ({
  paymentId: info.payment,
  fromAsset,
  toAsset: info.tokenAddress,
  currentAmount: amountDue,
  userPublicWalletKey: payer.toBase58(),
  merchantUSDCTokenAccount: info.address,
});

/** A quote is stale once its time is up (the page asks again rather than send what the chain would refuse). */
export const isStale = (answer: SwapAnswer, now: Date) => now.getTime() >= Date.parse(answer.quote.expiresAt);

/**
 * Pays a started Solana payment with another token: sends the quoted swap the server built (asking
 * a fresh one first when `answer` went stale), through the wallet, then waits for the network to
 * process it. The chain decides: an expired blockhash, a slippage failure or a short balance come
 * back as `SwapFailedError` with their code; a payment is only credited once the money arrived.
 * @throws {SwapFailedError} for the failures above.
 * @throws {PaymentFailedOnChainError} when the chain refused it for another reason; other wallet errors as the wallet threw them.
 */
export async function sendSwap({
  answer,
  refresh,
  connection,
  sendTransaction,
  onSent,
  now = () => new Date(),
}: {
  answer: SwapAnswer;
  /** Asks the server again for the same swap (`requestSwap` with the same body). */
  refresh: () => Promise<SwapAnswer>;
  connection: Connection;
  sendTransaction: SendVersionedWithWallet;
  onSent?: (hash: string, answer: SwapAnswer) => void;
  now?: () => Date;
}): Promise<{ hash: string; answer: SwapAnswer }> {
  const current = isStale(answer, now()) ? await refresh() : answer;
  const transaction = VersionedTransaction.deserialize(Buffer.from(current.data, "base64"));
  let hash: string;
  try {
    hash = await sendTransaction(transaction, connection, { preflightCommitment: "confirmed" });
  } catch (err) {
    const code = swapFailureOf(err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? "")}` : String(err));
    if (code) throw new SwapFailedError(code);
    throw err;
  }
  onSent?.(hash, current);
  const confirmation = await connection
    .confirmTransaction({ signature: hash, blockhash: transaction.message.recentBlockhash, lastValidBlockHeight: current.quote.lastValidBlockHeight }, "processed")
    .catch((err: unknown) => {
      const code = swapFailureOf(String(err));
      if (code) throw new SwapFailedError(code, hash);
      throw err;
    });
  if (confirmation.value.err) {
    const reason = JSON.stringify(confirmation.value.err);
    const code = swapFailureOf(reason);
    throw code ? new SwapFailedError(code, hash) : new PaymentFailedOnChainError(hash, `The network rejected the swap: ${reason}`);
  }
  return { hash, answer: current };
}
