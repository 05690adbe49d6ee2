import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentCredits } from "../db/schema";
import type { Logger } from "../logger";
import type { TransactionRow } from "../db/schema";
import { applyFact, DEFAULT_LATE_GRACE_MS, listPending, type PaymentDeps } from "../payments/service";
import type { Queue } from "./queue";
import type { PaymentSink, WatchedPayment } from "./solana-watcher";
import { enqueueWebhookEvents } from "./webhooks";
import { enqueuePaymentNotifications } from "./mail/payment-notification";

/** `npm start`'s app origin, when a caller does not say (tests). */
const DEFAULT_APP_ORIGIN = "http://localhost:4321";

/** What a watcher follows of a transaction. */
export function toWatchedPayment(row: TransactionRow, unfinalized: string[] = []): WatchedPayment {
  return {
    id: row.id,
    chainId: row.chainId,
    reference: row.reference,
    recipientTokenAccount: row.recipientTokenAccount,
    memo: row.memo ?? undefined,
    status: row.status,
    signature: row.signature ?? undefined,
    unfinalized,
    ...(row.paidAt ? { paidAt: row.paidAt } : {}),
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
  };
}

/** Signatures of each transaction's credited transfers not yet seen at finalized. */
async function unfinalizedOf(db: Db, ids: readonly string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({ transactionId: paymentCredits.transactionId, signature: paymentCredits.signature })
    .from(paymentCredits)
    .where(and(inArray(paymentCredits.transactionId, [...ids]), eq(paymentCredits.finalized, false)))
    .orderBy(paymentCredits.createdAt);
  for (const r of rows) {
    const list = map.get(r.transactionId) ?? [];
    if (!list.includes(r.signature)) list.push(r.signature);
    map.set(r.transactionId, list);
  }
  return map;
}

export interface PaymentSinkDeps extends Omit<PaymentDeps, "afterCommit"> {
  /** Webhook deliveries are enqueued right after each commit (else the sweeper finds them). */
  queue?: Queue;
  log?: Logger;
  /** The app's public origin, for the link in notification e-mails (default the local one). */
  appOrigin?: string;
}

/** The payments service's dependencies with webhook enqueueing after commit (jobs → payments, one way). */
export function withWebhookEnqueue(deps: PaymentSinkDeps): PaymentDeps {
  const { queue, appOrigin, ...rest } = deps;
  return {
    ...rest,
    // The merchant's notification e-mails commit with the payment change (mail outbox).
    inTransaction: async (tx, change) => void (await enqueuePaymentNotifications(tx, change, { appOrigin: appOrigin ?? DEFAULT_APP_ORIGIN })),
    afterCommit: (ids) => enqueueWebhookEvents(queue, ids, deps.log),
  };
}

/**
 * The payments service as a watcher's sink: pending payments to resume, and one database
 * transaction per reported fact (see `applyFact`), its webhook events enqueued after the commit.
 */
export function paymentSink(deps: PaymentSinkDeps, options: { lateGraceMs?: number } = {}): PaymentSink {
  const paymentDeps = withWebhookEnqueue(deps);
  return {
    listPending: async (chainId, since) => {
      const rows = await listPending(deps.db, chainId, {
        now: deps.now?.(),
        lateGraceMs: options.lateGraceMs ?? DEFAULT_LATE_GRACE_MS,
        createdSince: since?.createdSince,
      });
      const unfinalized = await unfinalizedOf(deps.db, rows.filter((r) => r.signature !== null).map((r) => r.id));
      return rows.map((r) => toWatchedPayment(r, unfinalized.get(r.id)));
    },
    apply: async (paymentId, fact) => {
      const result = await applyFact(paymentDeps, paymentId, fact);
      if (!result) return undefined;
      const unfinalized = await unfinalizedOf(deps.db, [result.transaction.id]);
      return toWatchedPayment(result.transaction, unfinalized.get(result.transaction.id));
    },
  };
}
