import { Keypair } from "@solana/web3.js";
import type { PaymentTransactionInfo, StartPaymentRequest } from "@/lib/pay-api";
import { formatBaseUnits } from "@/lib/money";
import { isSolanaAddress, WALLET_ADDRESS_MESSAGES } from "@/lib/wallet-address";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { SOLANA_STABLECOIN_DECIMALS, STABLECOINS, type SolanaRuntime, type Stablecoin } from "../../chains/runtime";
import { createTransaction, findBySession, newPublicId } from "../../payments/service";
import type { TransactionRow } from "../../db/schema";
import { announceNewPayment } from "../../jobs/payment-wakeups";
import { checkWallet } from "../sanctions/service";
import { getReceivingWallet } from "../wallets/service";
import { assertRoomForPayment } from "./start-caps";
import { quote } from "./pricing";
import { requirePayableQuickPay } from "./product";
import { recipientTokenAccount } from "./recipient-account";

/** SPEC §8: the sanction failure as the pay page shows it. */
export const SANCTION_FAILED = "Wallet Sanction Status Analysis Failed. This wallet is not acceptable.";
export const MERCHANT_CANNOT_RECEIVE = "This merchant cannot receive payments yet. Please contact the merchant.";
export const QR_NEEDS_RECIPIENT_ACCOUNT = "This merchant cannot take QR code payments yet. Please pay with a wallet in this browser.";
/** Memos carry the transaction's public id, so a wallet's history names the order. */
export const memoFor = (publicId: string) => `zpay:${publicId}`;

function toTransactionInfo(row: TransactionRow, mustCreateRecipient: boolean): PaymentTransactionInfo {
  const fiat = row.productInfo?.useFiat && row.fiatRate ? { currency: row.productInfo.currency, price: row.productInfo.price, rate: row.fiatRate } : undefined;
  return {
    payment: row.publicId,
    chain: row.chainId,
    recipient: row.recipient,
    address: row.recipientTokenAccount,
    tokenAddress: row.tokenAddress,
    decimals: row.decimals,
    amount: formatBaseUnits(row.requestedAmount, row.decimals),
    amountWei: row.requestedAmount.toString(),
    reference: row.reference,
    memo: row.memo ?? "",
    expiresAt: row.expiresAt.toISOString(),
    ...(mustCreateRecipient ? { createRecipientAccount: true } : {}),
    ...(fiat ? { fiat } : {}),
  };
}

/** SPEC §8-style refusal when the payer asks for a token this chain does not settle in. */
export const TOKEN_NOT_ACCEPTED = "This token is not accepted for this payment.";

/** The instance's Solana network when it is the one asked for, with the mint of the token asked for (by symbol or mint). */
function solanaFor(deps: AppDeps, req: StartPaymentRequest): { solana: SolanaRuntime; symbol: Stablecoin; mint: string } {
  const solana = deps.chains.solana;
  if (!solana || solana.chainId !== req.chainId) throw new ApiError(400, "unsupported_chain", `Payments on chain ${req.chainId} are not offered here.`);
  const symbol = STABLECOINS.find((s) => req.token === s || req.token === solana.mints[s]);
  if (!symbol) throw new ApiError(400, "unsupported_token", TOKEN_NOT_ACCEPTED);
  return { solana, symbol, mint: solana.mints[symbol] };
}

/**
 * `POST /api/pay/{id}/start`: checks the payer's wallet, fixes the amount (and the fiat rate) and
 * creates the transaction (`initiated`) with a fresh reference key and the order memo; the watcher
 * follows it from now on. The same pay-page session starting again from the same wallet resumes
 * its unexpired transaction instead of creating another; a new one must fit the pending caps
 * (see `assertRoomForPayment`), else nothing is created.
 *
 * Without `payer` it starts a Solana Pay QR payment: a phone wallet scans the transfer request and
 * pays without connecting, so there is no wallet to screen here; the real payer is screened when
 * the watcher credits the transfer. Such a wallet sends a bare transfer, so the merchant's token
 * account must already exist (a real network may lack it; the sandbox opens it).
 */
export async function startPayment(deps: AppDeps, hashedId: string, req: StartPaymentRequest, clientAddress: string): Promise<PaymentTransactionInfo> {
  const product = await requirePayableQuickPay(deps, hashedId);
  const { solana, symbol, mint } = solanaFor(deps, req);
  if (req.payer !== undefined && !isSolanaAddress(req.payer)) {
    throw new ApiError(400, "invalid_wallet_address", WALLET_ADDRESS_MESSAGES.invalid, [{ path: "payer", message: WALLET_ADDRESS_MESSAGES.invalid }]);
  }
  if (req.payer !== undefined && !checkWallet(deps, req.payer)) {
    deps.log.warn({ product: product.id }, "sanctioned wallet refused at payment start");
    throw new ApiError(403, "sanctioned_wallet", SANCTION_FAILED);
  }
  const { db } = deps.database;
  const wallet = await getReceivingWallet(db, product.merchantId, solana.chainId);
  if (!wallet) throw new ApiError(409, "merchant_cannot_receive", MERCHANT_CANNOT_RECEIVE);
  const account = await recipientTokenAccount(solana, wallet.address, mint);
  const startedBy = req.payer ?? null;
  if (!startedBy && account.mustCreate) throw new ApiError(409, "qr_recipient_account_missing", QR_NEEDS_RECIPIENT_ACCOUNT);

  const resumed = await findBySession(db, { productType: "quick-pay", productId: product.id, sessionId: req.sessionId });
  if (resumed && resumed.startedBy === startedBy && resumed.recipient === wallet.address && resumed.tokenAddress === mint) {
    return toTransactionInfo(resumed, account.mustCreate);
  }

  const { usdcBaseUnits, fiat } = await quote(deps, product);
  const publicId = newPublicId();
  const row = await db.transaction(async (tx) => {
    await assertRoomForPayment(tx, deps.env, { productId: product.id, clientAddress });
    const created = await createTransaction(tx, {
      publicId,
      productType: "quick-pay",
      productId: product.id,
      userId: product.merchantId,
      chainId: solana.chainId,
      token: symbol,
      tokenAddress: mint,
      decimals: SOLANA_STABLECOIN_DECIMALS,
      recipient: wallet.address,
      recipientTokenAccount: account.address,
      requestedAmount: usdcBaseUnits,
      reference: Keypair.generate().publicKey.toBase58(),
      memo: memoFor(publicId),
      productInfo: {
        price: product.price,
        currency: product.currency,
        userCurrency: product.userCurrency,
        useFiat: product.useFiat,
        fiat: product.useFiat ? product.currency : null,
        cToken: symbol,
      },
      fiatRate: fiat?.rate ?? null,
      sessionId: req.sessionId,
      startedBy,
      ttlMs: deps.env.PAYMENT_TTL_MS,
      clientAddress,
    });
    // The table is the hand-off: whichever process leads the chain's watcher reads the row; the notice (sent on commit) only makes it immediate.
    await announceNewPayment(tx, created.chainId);
    return created;
  });
  deps.log.info({ transaction: row.id, product: product.id, amount: row.requestedAmount.toString() }, "payment started");
  return toTransactionInfo(row, account.mustCreate);
}
