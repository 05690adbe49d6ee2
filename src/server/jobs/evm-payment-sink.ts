import { and, eq, inArray } from "drizzle-orm";
import type { Hex } from "viem";
import type { PaymentStatus } from "@/lib/payment-status";
import type { Db } from "../db/client";
import { paymentCredits, type TransactionRow } from "../db/schema";
import { referenceTopic } from "../chains/evm/fee-proxy-abi";
import { applyFact, DEFAULT_LATE_GRACE_MS, listPending } from "../payments/service";
import type { EvmTransferFact } from "../payments/evm-facts";
import type { PaymentFact, TransferKey } from "../payments/transition";
import { withWebhookEnqueue, type PaymentSinkDeps } from "./payment-sink";

/** An EVM payment as its watcher follows it. */
export interface EvmWatchedPayment {
  id: string;
  chainId: number;
  reference: string;
  /** keccak256 of the reference: the proxy log's second topic. */
  referenceTopic: Hex;
  recipientTokenAccount: string;
  tokenAddress: string;
  status: PaymentStatus;
  /** Credited transfers not yet seen final (transaction hash and proxy log index): re-checked for finality and for reorgs. */
  unfinalized: TransferKey[];
  paidAt?: Date;
  expiresAt: Date;
  createdAt: Date;
}

/** The facts an EVM watcher reports. */
export type EvmWatcherFact =
  | EvmTransferFact
  | Extract<PaymentFact, { kind: "expired" } | { kind: "finality-timeout" } | { kind: "transfer-removed" }>;

/** Where the EVM watcher reports; bound to the payments service (one database transaction per fact). */
export interface EvmPaymentSink {
  listPending(chainId: number, options?: { createdSince?: Date }): Promise<EvmWatchedPayment[]>;
  apply(paymentId: string, fact: EvmWatcherFact): Promise<EvmWatchedPayment | undefined>;
}

/** Each transaction's credited transfers not yet final. */
async function unfinalizedOf(db: Db, ids: readonly string[]): Promise<Map<string, TransferKey[]>> {
  const map = new Map<string, TransferKey[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      transactionId: paymentCredits.transactionId,
      signature: paymentCredits.signature,
      instructionIndex: paymentCredits.instructionIndex,
      innerIndex: paymentCredits.innerIndex,
    })
    .from(paymentCredits)
    .where(and(inArray(paymentCredits.transactionId, [...ids]), eq(paymentCredits.finalized, false)))
    .orderBy(paymentCredits.createdAt);
  for (const { transactionId, ...key } of rows) map.set(transactionId, [...(map.get(transactionId) ?? []), key]);
  return map;
}

function toEvmWatchedPayment(row: TransactionRow, unfinalized: TransferKey[] = []): EvmWatchedPayment {
  return {
    id: row.id,
    chainId: row.chainId,
    reference: row.reference,
    referenceTopic: referenceTopic(row.reference as Hex),
    recipientTokenAccount: row.recipientTokenAccount,
    tokenAddress: row.tokenAddress,
    status: row.status,
    unfinalized,
    ...(row.paidAt ? { paidAt: row.paidAt } : {}),
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}

/**
 * The payments service as an EVM watcher's sink: the chain's pending payments (a row whose
 * reference is not 0x-hex is not an EVM payment and is skipped), and one database transaction per
 * fact with its webhook events enqueued after the commit (see `applyFact`).
 */
export function evmPaymentSink(deps: PaymentSinkDeps, options: { lateGraceMs?: number } = {}): EvmPaymentSink {
  const paymentDeps = withWebhookEnqueue(deps);
  return {
    listPending: async (chainId, since) => {
      const rows = (
        await listPending(deps.db, chainId, { now: deps.now?.(), lateGraceMs: options.lateGraceMs ?? DEFAULT_LATE_GRACE_MS, createdSince: since?.createdSince })
      ).filter((r) => /^0x(?:[0-9a-f]{2})+$/i.test(r.reference));
      const unfinalized = await unfinalizedOf(deps.db, rows.map((r) => r.id));
      return rows.map((r) => toEvmWatchedPayment(r, unfinalized.get(r.id)));
    },
    apply: async (paymentId, fact) => {
      const result = await applyFact(paymentDeps, paymentId, fact);
      if (!result) return undefined;
      const unfinalized = await unfinalizedOf(deps.db, [result.transaction.id]);
      return toEvmWatchedPayment(result.transaction, unfinalized.get(result.transaction.id));
    },
  };
}
