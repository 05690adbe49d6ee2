import { randomBytes } from "node:crypto";
import type { Db } from "../db/client";
import { applyFact, createTransaction, type CreateTransactionInput } from "../payments/service";
import type { TransferFact } from "../payments/transition";

/**
 * Payments written straight through the payment service, with no chain behind them: for module
 * tests that need a merchant's payments in a given state, not a payer paying for real (the pay
 * fixtures do that).
 */

/** Solana devnet's USDC mint, and the merchant's token account the made-up payments go to. */
export const MADE_UP_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
export const MADE_UP_ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";

/** What the pay page snapshots for a product priced 12.5 US dollars, paid in USDC. */
export const USD_PRODUCT_INFO = { price: "12.5", currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: "USDC" } as const;

/** A payment the pay page started (`initiated`): 12.5 USDC on Solana devnet to `userId`, unless `over` says otherwise. */
export function startMadeUpPayment(db: Db, userId: string, over: Partial<CreateTransactionInput> = {}) {
  return createTransaction(db, {
    productType: "collect",
    productId: null,
    userId,
    chainId: -5001,
    token: "USDC",
    tokenAddress: MADE_UP_MINT,
    decimals: 6,
    recipient: "Merchant11111111111111111111111111111111111",
    recipientTokenAccount: MADE_UP_ATA,
    requestedAmount: 12_500_000n,
    reference: `ref-${randomBytes(8).toString("hex")}`,
    ...over,
  });
}

/**
 * The watcher sees the whole amount of `tx` arrive: its transfer at `confirmed` (the payment is
 * paid), then at `finalized` (validated) unless `finalized` is false. Answers the transfer.
 */
export async function seeMadeUpPaymentPaid(
  db: Db,
  tx: Awaited<ReturnType<typeof createTransaction>>,
  options: { finalized?: boolean; payer?: string } = {},
): Promise<TransferFact> {
  const fact: TransferFact = {
    kind: "transfer",
    chainId: tx.chainId,
    reference: tx.reference,
    signature: `sig-${randomBytes(8).toString("hex")}`,
    instructionIndex: 0,
    payer: options.payer ?? "Payer111111111111111111111111111111111111111",
    recipientTokenAccount: tx.recipientTokenAccount,
    mint: tx.tokenAddress,
    amount: tx.requestedAmount,
    commitment: "confirmed",
  };
  await applyFact({ db }, tx.id, fact);
  if (options.finalized !== false) await applyFact({ db }, tx.id, { ...fact, commitment: "finalized" });
  return fact;
}
