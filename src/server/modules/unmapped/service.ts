import { origins } from "../../env";
import { and, desc, eq, inArray, ne, or } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { refunds, transactions, unmappedTransfers, type TransactionRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { withWebhookEnqueue } from "../../jobs/payment-sink";
import { inflowOwnerOf } from "../../payments/address-owners";
import { applyFact } from "../../payments/service";
import { FAILURE_REASONS, type TransferFact } from "../../payments/transition";
import type { UnmappedTransferRow } from "../../payments/unmapped";
import { isUuid } from "@/lib/uuid";
import { familyNameOf } from "../../chains/families";
import { INFLOW_ADDRESS_NOT_PROVEN } from "@/lib/wallet-messages";
import { payerScreen } from "../sanctions";
import type { TokenFacts } from "./dto";

/** Failed payments an inflow may still complete: nothing, or too little, came before expiry. */
const REOPENABLE_FAILURES = [FAILURE_REASONS.expired, FAILURE_REASONS.underpaid];

/** How many open payments the Map dialog offers (newest first). */
const OPEN_PAYMENTS_LIMIT = 100;

/**
 * A payment that has not been paid yet: initiated (waiting, or showing an underpayment), or failed
 * because it expired with nothing or too little. Paid, validated and sanctioned ones are closed.
 */
export function isOpenPayment(row: Pick<TransactionRow, "status" | "failureReason">): boolean {
  if (row.status === "initiated") return true;
  return row.status === "failed" && (REOPENABLE_FAILURES as readonly (string | null)[]).includes(row.failureReason);
}

/** Same chain, token and receiving account: the only payments this money could have paid. */
function matchesInflow(row: TransactionRow, inflow: UnmappedTransferRow): boolean {
  return row.chainId === inflow.chainId && row.tokenAddress === inflow.tokenAddress && row.recipientTokenAccount === inflow.recipientTokenAccount;
}

/** One of the merchant's unmapped inflows; another merchant's answers 404 like a missing one. */
export async function findOwnInflow(db: Db, userId: string, id: string): Promise<UnmappedTransferRow> {
  const [row] = isUuid(id)
    ? await db.select().from(unmappedTransfers).where(and(eq(unmappedTransfers.id, id), eq(unmappedTransfers.userId, userId)))
    : [];
  if (!row) throw new ApiError(404, "not_found", "This inflow is not in your unmapped list (already mapped, or not yours)");
  return row;
}

/** The merchant's payments this inflow may be mapped to, newest first. */
export function listOpenPaymentsFor(db: Db, userId: string, inflow: UnmappedTransferRow): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.chainId, inflow.chainId),
        eq(transactions.tokenAddress, inflow.tokenAddress),
        eq(transactions.recipientTokenAccount, inflow.recipientTokenAccount),
        or(eq(transactions.status, "initiated"), and(eq(transactions.status, "failed"), inArray(transactions.failureReason, REOPENABLE_FAILURES))),
      ),
    )
    .orderBy(desc(transactions.lockedAt))
    .limit(OPEN_PAYMENTS_LIMIT);
}

/**
 * The symbol and decimals of a token: from the chains this instance pays on, else from a payment
 * that asked for it; else its address shortened, in base units.
 */
export async function tokenFacts(deps: Pick<AppDeps, "chains">, db: Db, chainId: number, tokenAddress: string): Promise<TokenFacts> {
  const { solana, evm } = deps.chains;
  if (solana && solana.chainId === chainId) {
    for (const [symbol, mint] of Object.entries(solana.mints)) if (mint === tokenAddress) return { symbol, decimals: 6 };
  }
  for (const chain of evm) {
    if (chain.chainId !== chainId) continue;
    for (const [symbol, token] of Object.entries(chain.tokens)) {
      if (token && token.address.toLowerCase() === tokenAddress.toLowerCase()) return { symbol, decimals: token.decimals };
    }
  }
  const [known] = await db
    .select({ symbol: transactions.token, decimals: transactions.decimals })
    .from(transactions)
    .where(and(eq(transactions.chainId, chainId), eq(transactions.tokenAddress, tokenAddress)))
    .limit(1);
  return known ?? { symbol: `${tokenAddress.slice(0, 4)}…${tokenAddress.slice(-4)}`, decimals: 0 };
}

/** Money a refund is sending (or sent) back can't also pay a payment. A failed refund gave it back. */
async function refuseRefunded(db: Pick<Db, "select">, inflowId: string): Promise<void> {
  const [refund] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.unmappedId, inflowId), ne(refunds.status, "failed")))
    .limit(1);
  if (refund) throw new ApiError(409, "inflow_refunded", "This inflow is being refunded or was refunded; it can't be mapped");
}

/** The fact that credits an unmapped inflow to the payment the merchant chose. */
function mappedFact(inflow: UnmappedTransferRow, payment: TransactionRow): TransferFact {
  return {
    kind: "transfer",
    chainId: inflow.chainId,
    reference: payment.reference,
    signature: inflow.signature,
    instructionIndex: inflow.instructionIndex,
    innerIndex: inflow.innerIndex,
    payer: inflow.payer,
    parties: inflow.parties,
    source: inflow.source,
    recipientTokenAccount: inflow.recipientTokenAccount,
    mint: inflow.tokenAddress,
    amount: inflow.amount,
    ...(inflow.memos[0] ? { memo: inflow.memos[0] } : {}),
    // The scan records finalized transfers only.
    commitment: "finalized",
    mappedByMerchant: true,
  };
}

/**
 * Credits an unmapped inflow to one of the merchant's open payments through the payment rules
 * (`applyFact`: screening, exactly-once crediting by the transfer's key, facts, webhooks), so the
 * payment then follows the normal rules. The credit removes the inflow from the unmapped list in
 * the same database transaction. Of two maps of one inflow racing, the credit's unique key lets
 * exactly one through; the other answers 409 `already_mapped`. The inflow's row is locked
 * (`FOR UPDATE`) in the credit's database transaction, as a refund of it locks it: a map and a
 * refund started at once run one after the other, and the second sees the first.
 * The inflow must be the merchant's by the address ownership rule (`inflowOwnerOf`) at the time of mapping.
 * @throws {ApiError} 404 inflow or payment not the merchant's; 409 `address_not_proven`, payment not open, a different
 * chain/token/recipient, the inflow refunded (or being refunded), or mapped meanwhile.
 */
export async function mapInflow(deps: Pick<AppDeps, "database" | "log" | "env" | "queue">, userId: string, inflowId: string, paymentId: string): Promise<TransactionRow> {
  const { db } = deps.database;
  const inflow = await findOwnInflow(db, userId, inflowId);
  // Recorded before the ownership rule, or shared since: money the rule does not give this merchant is not theirs to map.
  if ((await inflowOwnerOf(db, inflow, familyNameOf(inflow.chainId), userId)) !== userId) {
    throw new ApiError(409, "address_not_proven", INFLOW_ADDRESS_NOT_PROVEN);
  }
  await refuseRefunded(db, inflow.id); // early, for a clear answer; checked again under the lock below
  const [payment] = isUuid(paymentId)
    ? await db.select().from(transactions).where(and(eq(transactions.id, paymentId), eq(transactions.userId, userId)))
    : [];
  if (!payment) throw new ApiError(404, "payment_not_found", "Payment not found");
  if (!isOpenPayment(payment)) throw new ApiError(409, "payment_not_open", "This payment is not waiting for money any more");
  if (!matchesInflow(payment, inflow)) {
    throw new ApiError(409, "payment_mismatch", "This payment expects another chain, token or receiving account than the inflow");
  }
  const paymentDeps = withWebhookEnqueue({ db, queue: deps.queue, log: deps.log, isSanctioned: payerScreen(deps.env.DATA_DIR), appOrigin: origins(deps.env).app });
  const result = await applyFact(paymentDeps, payment.id, mappedFact(inflow, payment), async (tx) => {
    const [locked] = await tx.select({ id: unmappedTransfers.id }).from(unmappedTransfers).where(eq(unmappedTransfers.id, inflow.id)).for("update");
    if (!locked) throw new ApiError(409, "already_mapped", "This inflow was already mapped to a payment");
    await refuseRefunded(tx, inflow.id);
  });
  if (!result) throw new ApiError(404, "payment_not_found", "Payment not found");
  if (!result.credited) {
    if (result.decision.reason === "credited_elsewhere") throw new ApiError(409, "already_mapped", "This inflow was already mapped to a payment");
    throw new ApiError(409, "not_credited", `The payment rules refused this inflow (${result.decision.reason ?? "rejected"})`);
  }
  deps.log.info({ userId, inflowId, transactionId: payment.id, status: result.transaction.status }, "unmapped inflow mapped to a payment");
  return result.transaction;
}
