import type { PaymentProgress } from "@/lib/pay-api";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { findByPublicId } from "../../payments/service";
import { productCallbackUrl } from "./payables";
import { explorerLinkFor } from "../chains";
import { getCallbackUrl } from "../integrations";

/**
 * `GET /api/pay/transactions/{payment}`: the server's view of a payment, for the pay page to poll.
 * Knowing the unguessable public id is the payer's capability; nothing of the merchant's beyond
 * the callback URL (meant for the payer) is shown.
 */
export async function readPaymentProgress(deps: AppDeps, publicId: string): Promise<PaymentProgress & Required<Pick<PaymentProgress, "requestedAmount" | "amountDue" | "decimals" | "expiresAt">>> {
  const row = await findByPublicId(deps.database.db, publicId);
  if (!row) throw new ApiError(404, "payment_not_found", "Transaction not found");
  const succeeded = row.status === "paid" || row.status === "validated";
  // A product's own callback URL (a zAPI payment's) wins over the account's.
  const own = succeeded && row.productId ? await productCallbackUrl(deps.database.db, row.productType, row.productId) : undefined;
  const callbackUrl = succeeded ? (own ?? (await getCallbackUrl(deps.database.db, row.userId))) : undefined;
  const explorerUrl = row.signature ? explorerLinkFor(deps, row.chainId, row.signature) : undefined;
  const received = row.receivedAmount ?? 0n;
  // What the payer still owes: a partly paid payment waits for the rest until it expires.
  const due = received < row.requestedAmount ? row.requestedAmount - received : 0n;
  return {
    payment: row.publicId,
    status: row.status,
    ...(row.signature ? { hash: row.signature } : {}),
    ...(row.payer ? { payer: row.payer } : {}),
    ...(row.receivedAmount !== null ? { receivedAmount: row.receivedAmount.toString() } : {}),
    ...(row.amountMismatch ? { amountMismatch: row.amountMismatch } : {}),
    requestedAmount: row.requestedAmount.toString(),
    amountDue: due.toString(),
    decimals: row.decimals,
    expiresAt: row.expiresAt.toISOString(),
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    ...(explorerUrl ? { explorerUrl } : {}),
    ...(callbackUrl ? { callbackUrl } : {}),
  };
}
