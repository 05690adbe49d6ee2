import type { PaymentTransactionInfo, StartPaymentRequest } from "@/lib/pay-api";
import { formatBaseUnits } from "@/lib/money";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { createTransaction, findBySession, newPublicId } from "../../payments/service";
import type { TransactionRow } from "../../db/schema";
import { announceNewPayment } from "../../jobs/payment-wakeups";
import { checkWallet } from "../sanctions";
import { getReceivingWallet } from "../wallets";
import { makeRoomForPayment } from "./start-caps";
import { addressPrefix } from "../../http/client-address";
import { quote } from "./pricing";
import type { PayablePrice } from "./payable";
import { requirePayable } from "./product";
import { ChainUnreachableError, type LandingAccount } from "../../chains/family";
import { payerFor, paymentChainFor, type PaymentChain } from "./payment-target";
import { usdcToTokenUnits } from "./token-amount";

export { TOKEN_NOT_ACCEPTED } from "./payment-target";

/** SPEC §8: the sanction failure as the pay page shows it. */
export const SANCTION_FAILED = "Wallet Sanction Status Analysis Failed. This wallet is not acceptable.";
export const ALREADY_PAID = "This has already been paid.";
export const PAYMENT_ON_ITS_WAY = "A payment for this is already on its way. Please wait for it to complete.";
export const MERCHANT_CANNOT_RECEIVE = "This merchant cannot receive payments yet. Please contact the merchant.";
export const QR_NEEDS_RECIPIENT_ACCOUNT = "This merchant cannot take QR code payments yet. Please pay with a wallet in this browser.";
export const CHAIN_UNAVAILABLE = "The network cannot be reached right now. Please try again in a few seconds, or pay with a wallet in this browser.";
/** Seconds a payer is asked to wait before starting again while the chain does not answer. */
export const CHAIN_RETRY_AFTER_SECONDS = 10;

/** 503 `chain_unavailable`: the route answers it with Retry-After (`retryAfterSeconds`). */
export class ChainUnavailableError extends ApiError {
  readonly retryAfterSeconds = CHAIN_RETRY_AFTER_SECONDS;
  constructor() {
    super(503, "chain_unavailable", CHAIN_UNAVAILABLE);
  }
}

function toTransactionInfo(row: TransactionRow, chain: PaymentChain, mustCreateRecipient: boolean): PaymentTransactionInfo {
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
    ...chain.port.startExtras(chain),
  };
}

/** The resumed transaction was started for this very price and order (a donor who changes the amount, a cart whose quantities changed, starts anew). */
function sameOrder(row: TransactionRow, price: PayablePrice): boolean {
  return row.productInfo?.price === price.price && row.productInfo.currency === price.currency && canonical(row.orderDetails ?? null) === canonical(price.order ?? null);
}

/** JSON with object keys sorted: jsonb gives keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/**
 * Where the tokens land, as the chain's family says (Solana: the merchant's associated token
 * account; EVM: the merchant's address itself). A family that needs the chain to say and cannot
 * reach it refuses a QR start: 503 with Retry-After, nothing written.
 */
async function landingAccount(chain: PaymentChain, merchantAddress: string, hasWallet: boolean): Promise<LandingAccount> {
  try {
    return await chain.port.landingAccount(chain, merchantAddress, hasWallet);
  } catch (err) {
    if (err instanceof ChainUnreachableError) throw new ChainUnavailableError();
    throw err;
  }
}

/**
 * `POST /api/pay/{id}/start`: checks the payer's wallet, fixes the amount (and the fiat rate) in
 * the token's own decimals and creates the transaction (`initiated`) with a fresh reference; the
 * watcher of that chain follows it from now on. The same pay-page session starting again from the
 * same wallet, chain and token resumes its unexpired transaction instead of creating another; a
 * new one must fit the pending budget (see `makeRoomForPayment`), else nothing is created.
 *
 * Solana: a fresh reference public key and the order memo. Without `payer` it starts a Solana Pay
 * QR payment: a phone wallet scans the transfer request and pays without connecting, so there is
 * no wallet to screen here; the real payer is screened when the watcher credits the transfer. Such
 * a wallet sends a bare transfer, so the merchant's token account must already exist (a real
 * network may lack it; the sandbox opens it).
 *
 * EVM: the payer (required: no QR path) pays through Request Network's ERC20FeeProxy with a fresh
 * 8-byte payment reference, no memo; the merchant's one EVM address receives on every EVM chain.
 */
export async function startPayment(deps: AppDeps, hashedId: string, req: StartPaymentRequest, clientAddress: string): Promise<PaymentTransactionInfo> {
  const { payable: product, paid, paying } = await requirePayable(deps, hashedId);
  if (paid) throw new ApiError(409, "already_paid", ALREADY_PAID);
  if (paying) throw new ApiError(409, "payment_in_progress", PAYMENT_ON_ITS_WAY);
  const price = product.priceFor(req);
  const chain = paymentChainFor(deps, req);
  const startedBy = payerFor(chain, req.payer);
  if (startedBy !== null && !checkWallet(deps, startedBy)) {
    deps.log.warn({ product: product.id, chainId: chain.chainId }, "sanctioned wallet refused at payment start");
    throw new ApiError(403, "sanctioned_wallet", SANCTION_FAILED);
  }
  const { db } = deps.database;
  const wallet = await getReceivingWallet(db, product.merchantId, chain.chainId);
  if (!wallet) throw new ApiError(409, "merchant_cannot_receive", MERCHANT_CANNOT_RECEIVE);
  const account = await landingAccount(chain, wallet.address, startedBy !== null);
  if (!startedBy && account.mustCreate) throw new ApiError(409, "qr_recipient_account_missing", QR_NEEDS_RECIPIENT_ACCOUNT);

  const resumed = await findBySession(db, { productType: product.type, productId: product.id, sessionId: req.sessionId });
  // The sandbox's two EVM chains share token addresses (same deployer, same nonces): the chain must match too.
  if (
    resumed &&
    resumed.chainId === chain.chainId &&
    resumed.startedBy === startedBy &&
    resumed.recipient === wallet.address &&
    resumed.tokenAddress === chain.tokenAddress &&
    sameOrder(resumed, price)
  ) {
    return toTransactionInfo(resumed, chain, account.mustCreate);
  }

  const { usdcBaseUnits, fiat } = await quote(deps, price);
  const clientPrefix = addressPrefix(clientAddress);
  const publicId = newPublicId();
  const row = await db.transaction(async (tx) => {
    const gaveWay = await makeRoomForPayment(tx, deps.env, { productId: product.id, clientPrefix });
    if (gaveWay > 0) deps.log.warn({ product: product.id, clientPrefix }, "pending payments full: the heaviest address block's oldest unpaid start gave way");
    const created = await createTransaction(tx, {
      publicId,
      productType: product.type,
      productId: product.id,
      userId: product.merchantId,
      chainId: chain.chainId,
      token: chain.symbol,
      tokenAddress: chain.tokenAddress,
      decimals: chain.decimals,
      recipient: wallet.address,
      recipientTokenAccount: account.address,
      requestedAmount: usdcToTokenUnits(usdcBaseUnits, chain.decimals),
      reference: chain.port.newReference(),
      memo: chain.port.memo(publicId),
      productInfo: {
        price: price.price,
        currency: price.currency,
        userCurrency: product.userCurrency,
        useFiat: price.useFiat,
        fiat: price.useFiat ? price.currency : null,
        cToken: chain.symbol,
      },
      orderDetails: price.order ?? null,
      merchantExtras: product.orderId ? { orderId: product.orderId } : null,
      fiatRate: fiat?.rate ?? null,
      sessionId: req.sessionId,
      startedBy,
      ttlMs: deps.env.PAYMENT_TTL_MS,
      clientAddress,
      clientPrefix,
    });
    // The table is the hand-off: whichever process leads the chain's watcher reads the row; the notice (sent on commit) only makes it immediate.
    await announceNewPayment(tx, created.chainId);
    return created;
  });
  deps.log.info({ transaction: row.id, product: product.id, chainId: row.chainId, amount: row.requestedAmount.toString() }, "payment started");
  return toTransactionInfo(row, chain, account.mustCreate);
}
