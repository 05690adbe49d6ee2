import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import type { Db } from "../db/client";
import { paymentCredits, paymentFactLog, transactions, type ProductInfoSnapshot } from "../db/schema";
import { enqueueWebhookEvents, insertWebhookEvents } from "../jobs/webhooks";
import type { Queue } from "../jobs/queue";
import type { Logger } from "../logger";
import { toPaymentInfoDto, toTransactionEventData, type TransactionRow } from "./dto";
import { decide, type Decision, type PaymentFact, type PaymentState } from "./transition";

export type { TransactionRow } from "./dto";

/** SPEC §3 transaction types. */
export type ProductType = "quick-pay" | "collect" | "bill" | "dynamic";

/** How long a payer has to pay once started (a later payment is still recorded). */
export const DEFAULT_TRANSACTION_TTL_MS = 30 * 60_000;
/** How long after expiry `listPending` keeps returning an unpaid transaction for a late payment. */
export const DEFAULT_LATE_GRACE_MS = 60 * 60_000;

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** 58^16 ≈ 2^94: public transaction ids are not guessable. */
const PUBLIC_ID_LENGTH = 16;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A short unguessable id: uniform base58 from crypto randomness (rejection sampling, no bias). */
export function newPublicId(length = PUBLIC_ID_LENGTH): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) if (byte < 232 && out.length < length) out += BASE58[byte % 58];
  }
  return out;
}

export interface CreateTransactionInput {
  productType: ProductType;
  productId: string | null;
  /** The merchant. */
  userId: string;
  chainId: number;
  /** Token symbol, e.g. USDC. */
  token: string;
  /** Mint (Solana) or contract (EVM). */
  tokenAddress: string;
  decimals: number;
  /** The merchant's receiving wallet. */
  recipient: string;
  /** Solana: the recipient's token account; EVM: the recipient again. */
  recipientTokenAccount: string;
  /** Base units, > 0. */
  requestedAmount: bigint;
  /** Solana reference public key or EVM order reference; unique. */
  reference: string;
  memo?: string | null;
  productInfo?: ProductInfoSnapshot | null;
  /** USD per unit of the product's fiat currency, fixed now (decimal text). */
  fiatRate?: string | null;
  /** The pay page's session id. */
  sessionId?: string | null;
  /** The wallet the payer starts from. */
  startedBy?: string | null;
  merchantExtras?: { orderId?: string | null } | null;
  /** Default `DEFAULT_TRANSACTION_TTL_MS`. */
  ttlMs?: number;
  /** The public id, when the caller needs it before the insert (e.g. inside the memo); else a fresh one. */
  publicId?: string;
  now?: Date;
}

/**
 * Creates a transaction (`initiated`, expiring after `ttlMs`) with a fresh public id.
 * @throws {RangeError} on a non-positive amount, bad decimals or ttl.
 * @throws the database's unique violation when `reference` is already used.
 */
export async function createTransaction(db: Db, input: CreateTransactionInput): Promise<TransactionRow> {
  if (input.requestedAmount <= 0n) throw new RangeError("requestedAmount must be positive");
  if (!Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > 36) throw new RangeError("decimals must be an integer in 0..36");
  const ttlMs = input.ttlMs ?? DEFAULT_TRANSACTION_TTL_MS;
  if (!(ttlMs > 0)) throw new RangeError("ttlMs must be positive");
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(transactions)
    .values({
      publicId: input.publicId ?? newPublicId(),
      productType: input.productType,
      productId: input.productId,
      userId: input.userId,
      chainId: input.chainId,
      token: input.token,
      tokenAddress: input.tokenAddress,
      decimals: input.decimals,
      recipient: input.recipient,
      recipientTokenAccount: input.recipientTokenAccount,
      requestedAmount: input.requestedAmount,
      reference: input.reference,
      memo: input.memo ?? null,
      productInfo: input.productInfo ?? null,
      fiatRate: input.fiatRate ?? null,
      sessionId: input.sessionId ?? null,
      startedBy: input.startedBy ?? null,
      merchantExtras: input.merchantExtras ?? null,
      lockedAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

export async function findTransaction(db: Db, id: string): Promise<TransactionRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

export async function findByReference(db: Db, reference: string): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(transactions).where(eq(transactions.reference, reference));
  return row;
}

export async function findByPublicId(db: Db, publicId: string): Promise<TransactionRow | undefined> {
  if (!publicId || publicId.length > 64) return undefined;
  const [row] = await db.select().from(transactions).where(eq(transactions.publicId, publicId));
  return row;
}

/** The newest still-initiated, unexpired transaction a pay-page session started on a product (resume after reload). */
export async function findBySession(
  db: Db,
  args: { productType: ProductType; productId: string; sessionId: string; now?: Date },
): Promise<TransactionRow | undefined> {
  if (!UUID.test(args.productId)) return undefined;
  const [row] = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.productType, args.productType),
        eq(transactions.productId, args.productId),
        eq(transactions.sessionId, args.sessionId),
        eq(transactions.status, "initiated"),
        gt(transactions.expiresAt, args.now ?? new Date()),
      ),
    )
    .orderBy(desc(transactions.lockedAt))
    .limit(1);
  return row;
}

/**
 * What a chain's watcher must follow after a restart: initiated and paid transactions, plus
 * failed ones with nothing credited whose expiry is less than `lateGraceMs` ago (a late payment
 * is still recorded).
 */
export async function listPending(
  db: Db,
  chainId: number,
  options: { now?: Date; lateGraceMs?: number } = {},
): Promise<TransactionRow[]> {
  const horizon = new Date((options.now ?? new Date()).getTime() - (options.lateGraceMs ?? DEFAULT_LATE_GRACE_MS));
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.chainId, chainId),
        or(
          inArray(transactions.status, ["initiated", "paid"]),
          and(eq(transactions.status, "failed"), isNull(transactions.signature), gt(transactions.expiresAt, horizon)),
        ),
      ),
    )
    .orderBy(transactions.lockedAt);
}

export function paymentState(row: TransactionRow): PaymentState {
  return {
    status: row.status,
    chainId: row.chainId,
    reference: row.reference,
    tokenAddress: row.tokenAddress,
    recipientTokenAccount: row.recipientTokenAccount,
    requestedAmount: row.requestedAmount,
    memo: row.memo,
    expiresAt: row.expiresAt,
    signature: row.signature,
    instructionIndex: row.instructionIndex,
    failureReason: row.failureReason,
    paidAt: row.paidAt,
  };
}

export interface PaymentDeps {
  db: Db;
  /** When given, webhook deliveries are enqueued right after the commit (else the sweeper finds them). */
  queue?: Queue;
  log?: Logger;
  now?: () => Date;
}

export interface ApplyResult {
  /** The transaction after the fact. */
  transaction: TransactionRow;
  decision: Decision;
  /** True when this call credited the transfer (false on any replay). */
  credited: boolean;
  /** Ids of the webhook events written. */
  eventIds: string[];
}

function factForLog(fact: PaymentFact): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fact).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]));
}

/**
 * Applies a watcher's fact to a transaction, in one database transaction: locks the row, runs
 * `decide`, credits the transfer (the unique key makes a replay, or the same transfer reported for
 * another transaction, a no-op: the decision is then refused as `credited_elsewhere`), writes the
 * patch, logs a rejected fact, and writes the webhook events to the outbox. Deliveries are
 * enqueued after the commit. Undefined when there is no such transaction.
 */
export async function applyFact(deps: PaymentDeps, transactionId: string, fact: PaymentFact): Promise<ApplyResult | undefined> {
  if (!UUID.test(transactionId)) return undefined;
  const now = (deps.now ?? (() => new Date()))();
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for("update");
    if (!row) return undefined;
    let decision = decide(paymentState(row), fact, now);
    let credited = false;
    if (decision.credit) {
      const { chainId, signature, instructionIndex, amount } = decision.credit;
      const inserted = await tx
        .insert(paymentCredits)
        .values({ transactionId: row.id, chainId, signature, instructionIndex, amount, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentCredits.id });
      credited = inserted.length > 0;
      if (!credited) decision = { status: row.status, patch: {}, events: [], outcome: "rejected", reason: "credited_elsewhere" };
    }
    if (decision.outcome === "rejected") {
      const transfer = fact.kind === "transfer" ? fact : undefined;
      await tx
        .insert(paymentFactLog)
        .values({
          transactionId: row.id,
          kind: fact.kind,
          signature: transfer?.signature ?? "",
          instructionIndex: transfer?.instructionIndex ?? -1,
          commitment: transfer?.commitment ?? "",
          reason: decision.reason ?? "rejected",
          fact: factForLog(fact),
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    if (Object.keys(decision.patch).length === 0) return { transaction: row, decision, credited, eventIds: [] };
    const [updated] = await tx
      .update(transactions)
      .set({ ...decision.patch, updatedAt: now })
      .where(eq(transactions.id, row.id))
      .returning();
    const eventIds = await insertWebhookEvents(tx, {
      userId: updated.userId,
      transactionId: updated.id,
      types: decision.events,
      data: toTransactionEventData(updated),
      now,
    });
    return { transaction: updated, decision, credited, eventIds };
  });
  if (result && result.decision.outcome !== "ignored") {
    deps.log?.info(
      { transactionId, outcome: result.decision.outcome, status: result.transaction.status, reason: result.decision.reason },
      "payment fact",
    );
  }
  if (result?.eventIds.length) await enqueueWebhookEvents(deps.queue, result.eventIds, deps.log);
  return result;
}

/**
 * SPEC §3/§4 payment info of each zLink, keyed by zLink id: taken from a transaction that money
 * reached (paid, validated, or failed with a credited transfer such as an underpayment); a
 * validated one wins over any other, otherwise the newest. zLinks with no such transaction are
 * absent (an abandoned or expired start is not a payment).
 */
export async function loadPaymentInfo(db: Db, quickPayIds: readonly string[]): Promise<Map<string, PaymentInfoDto>> {
  const ids = [...new Set(quickPayIds)].filter((id) => UUID.test(id));
  const map = new Map<string, PaymentInfoDto>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectDistinctOn([transactions.productId])
    .from(transactions)
    .where(and(eq(transactions.productType, "quick-pay"), inArray(transactions.productId, ids), isNotNull(transactions.signature)))
    .orderBy(
      transactions.productId,
      desc(sql`(${transactions.status} = 'validated')`),
      desc(sql`coalesce(${transactions.validatedAt}, ${transactions.paidAt}, ${transactions.failedAt}, ${transactions.lockedAt})`),
      desc(transactions.id),
    );
  for (const row of rows) if (row.productId) map.set(row.productId, toPaymentInfoDto(row));
  return map;
}
