import { Buffer } from "buffer";
import { and, eq } from "drizzle-orm";
import { PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { SWAP_FAILURES, SWAP_FAILURE_MESSAGES, type SwapAnswer, type SwapRequest } from "@/lib/swap-api";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { findByPublicId } from "../../payments/service";
import { transactions } from "../../db/schema";
import { solanaConnection } from "../../chains/solana/connection";
import { readTokenBalance } from "../../chains/solana/read-token-balance";
import { checkWallet } from "../sanctions";
import { SwapError, type SwapAsset, type SwapProvider, type SwapQuote } from "./provider";

/** Lamports a swap's fees need besides what it swaps: two signatures (payer and maker) and a margin for a priority fee. */
export const SWAP_FEE_RESERVE_LAMPORTS = 100_000n;
/** Seconds a payer is asked to wait when the provider or the chain does not answer. */
const RETRY_AFTER_SECONDS = 10;

export const SWAP_MESSAGES = {
  notOffered: "Paying with another token is not offered here.",
  notFound: "Transaction not found",
  notSolana: "Paying with another token is offered for Solana payments only.",
  closed: "This payment is no longer open.",
  expired: "This payment has expired. Please start again.",
  wrongDestination: "The swap must pay this payment's merchant account.",
  wrongAmount: "The swap must deliver exactly the amount this payment still owes.",
  wrongToAsset: "The swap must deliver this payment's token.",
  sameAsset: "This is the payment's own token: pay it directly.",
  otherPayer: "This payment was started from another wallet.",
  invalidWallet: "Invalid wallet address.",
  sanctioned: "Wallet Sanction Status Analysis Failed. This wallet is not acceptable.",
  unavailable: "The swap service cannot be reached right now. Please try again in a few seconds.",
} as const;

const unavailable = () => new ApiError(503, "swap_unavailable", SWAP_MESSAGES.unavailable, undefined, { "Retry-After": String(RETRY_AFTER_SECONDS) });

function publicKeyOf(value: string): PublicKey | undefined {
  try {
    return new PublicKey(value);
  } catch {
    return undefined;
  }
}

/** The payer holds `maxInAmount` of what it gives plus the fees, else 422 in words (no transaction is built for a swap that cannot land). */
async function requireBalance(deps: AppDeps, payer: PublicKey, asset: SwapAsset, quote: SwapQuote): Promise<void> {
  const connection = solanaConnection(deps.chains.solana!, "confirmed");
  let lamports: bigint;
  let tokens = 0n;
  try {
    lamports = BigInt(await connection.getBalance(payer, "confirmed"));
    if (!asset.native) tokens = await readTokenBalance(connection, getAssociatedTokenAddressSync(new PublicKey(asset.mint), payer, true).toBase58());
  } catch (err) {
    deps.log.warn({ err }, "swap: payer balance unreadable");
    throw unavailable();
  }
  const enough = asset.native ? lamports >= quote.maxInAmount + SWAP_FEE_RESERVE_LAMPORTS : tokens >= quote.maxInAmount && lamports >= SWAP_FEE_RESERVE_LAMPORTS;
  if (!enough) throw new ApiError(422, SWAP_FAILURES.insufficientBalance, SWAP_FAILURE_MESSAGES.swap_insufficient_balance);
}

function fromSwapError(deps: AppDeps, err: unknown): never {
  if (err instanceof SwapError && err.reason === "no_route") throw new ApiError(422, SWAP_FAILURES.noRoute, SWAP_FAILURE_MESSAGES.swap_no_route);
  if (err instanceof SwapError) {
    deps.log.warn({ err }, "swap provider unavailable");
    throw unavailable();
  }
  throw err;
}

/**
 * `POST /api/v2/jupiter/swap`: one transaction that swaps what the payer gives and delivers exactly
 * what the payment still owes to the merchant's token account, with the payment's reference and
 * memo, so the chain's watcher credits it as any other transfer (and never a failed swap: a failed
 * transaction moved no money). Everything that steers money comes from the payment, never from the
 * request: the request's destination and amount must equal the payment's or it is refused. The
 * payment records that it is being paid by a swap (type and token given), which Orders, the
 * details and the webhooks show once it is credited.
 * @throws {ApiError} 404 unknown payment; 409 closed, expired or not a Solana payment; 400 another
 *   token or amount or a bad wallet; 403 another merchant account, another wallet than the one that
 *   started, a sanctioned wallet; 422 no route or not enough balance; 503 provider or chain silent.
 */
export async function buildSwapForPayment(deps: AppDeps, provider: SwapProvider | undefined, req: SwapRequest, now = new Date()): Promise<SwapAnswer> {
  if (!provider) throw new ApiError(503, "swap_not_offered", SWAP_MESSAGES.notOffered);
  const { db } = deps.database;
  const row = await findByPublicId(db, req.paymentId);
  if (!row) throw new ApiError(404, "payment_not_found", SWAP_MESSAGES.notFound);
  const solana = deps.chains.solana;
  if (!solana || row.chainId !== solana.chainId) throw new ApiError(409, "swap_not_solana", SWAP_MESSAGES.notSolana);
  if (row.status !== "initiated") throw new ApiError(409, "payment_closed", SWAP_MESSAGES.closed);
  if (row.expiresAt <= now) throw new ApiError(409, "payment_expired", SWAP_MESSAGES.expired);
  if (req.merchantUSDCTokenAccount !== row.recipientTokenAccount) {
    deps.log.warn({ transaction: row.id }, "swap refused: destination is not the payment's merchant account");
    throw new ApiError(403, "swap_destination_refused", SWAP_MESSAGES.wrongDestination, [{ path: "merchantUSDCTokenAccount", message: SWAP_MESSAGES.wrongDestination }]);
  }
  if (req.toAsset !== row.tokenAddress && req.toAsset.toUpperCase() !== row.token) {
    throw new ApiError(400, "swap_wrong_token", SWAP_MESSAGES.wrongToAsset, [{ path: "toAsset", message: SWAP_MESSAGES.wrongToAsset }]);
  }
  const received = row.receivedAmount ?? 0n;
  const due = received < row.requestedAmount ? row.requestedAmount - received : 0n;
  if (!/^\d+$/.test(req.currentAmount) || BigInt(req.currentAmount) !== due || due === 0n) {
    throw new ApiError(400, "swap_amount_mismatch", SWAP_MESSAGES.wrongAmount, [{ path: "currentAmount", message: SWAP_MESSAGES.wrongAmount }]);
  }
  const payer = publicKeyOf(req.userPublicWalletKey);
  if (!payer) throw new ApiError(400, "invalid_wallet_address", SWAP_MESSAGES.invalidWallet, [{ path: "userPublicWalletKey", message: SWAP_MESSAGES.invalidWallet }]);
  const payerAddress = payer.toBase58();
  if (row.startedBy && row.startedBy !== payerAddress) throw new ApiError(403, "swap_other_payer", SWAP_MESSAGES.otherPayer);
  if (!checkWallet(deps, payerAddress)) throw new ApiError(403, "sanctioned_wallet", SWAP_MESSAGES.sanctioned);

  if (req.fromAsset === row.tokenAddress || req.fromAsset.toUpperCase() === row.token) throw new ApiError(400, "swap_same_token", SWAP_MESSAGES.sameAsset);
  const asset = provider.asset(req.fromAsset);
  if (!asset) throw new ApiError(422, SWAP_FAILURES.noRoute, SWAP_FAILURE_MESSAGES.swap_no_route);
  if (asset.mint === row.tokenAddress) throw new ApiError(400, "swap_same_token", SWAP_MESSAGES.sameAsset);

  let quote: SwapQuote;
  try {
    quote = await provider.quote({ from: asset, outputMint: row.tokenAddress, amountOut: due, payer: payerAddress, slippageBps: deps.env.SWAP_SLIPPAGE_BPS });
  } catch (err) {
    fromSwapError(deps, err);
  }
  await requireBalance(deps, payer, asset, quote);
  let built;
  try {
    built = await provider.build(quote, {
      payer: payerAddress,
      destination: row.recipientTokenAccount,
      outputMint: row.tokenAddress,
      outputDecimals: row.decimals,
      reference: row.reference,
      memo: row.memo ?? "",
    });
  } catch (err) {
    fromSwapError(deps, err);
  }
  const token = asset.symbol ?? asset.mint;
  // Only while still open: a payment credited meanwhile keeps what it was paid with.
  await db
    .update(transactions)
    .set({ swap: { type: "swap", token, payer: payerAddress } })
    .where(and(eq(transactions.id, row.id), eq(transactions.status, "initiated")));
  const expiresAt = new Date(Math.min(now.getTime() + deps.env.SWAP_QUOTE_TTL_SECONDS * 1000, row.expiresAt.getTime()));
  deps.log.info({ transaction: row.id, provider: provider.name, token, inAmount: quote.inAmount.toString(), out: due.toString() }, "swap built");
  return {
    success: true,
    data: Buffer.from(built.transaction).toString("base64"),
    quote: {
      provider: provider.name,
      fromAsset: token,
      inputMint: asset.mint,
      inAmount: quote.inAmount.toString(),
      maxInAmount: quote.maxInAmount.toString(),
      outAmount: quote.outAmount.toString(),
      slippageBps: quote.slippageBps,
      priceImpactPct: quote.priceImpactPct,
      expiresAt: expiresAt.toISOString(),
      lastValidBlockHeight: built.lastValidBlockHeight,
    },
  };
}
