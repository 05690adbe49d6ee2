import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, gte, inArray, isNull, or, sql } from "drizzle-orm";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import type { OrderDetails } from "@/lib/pay-api";
import type { Db } from "../db/client";
import { paymentCredits, paymentFactLog, transactions, unmappedTransfers, type ProductInfoSnapshot, type CreditRow } from "../db/schema";
import { insertWebhookEvents } from "./outbox";
import { creditLag } from "../metrics";
import { markProductPaid } from "./product-paid";
import type { Logger } from "../logger";
import { toPaymentInfoDto, toTransactionEventData } from "./dto";
import type { TransactionRow } from "../db/schema";
import { isUuid } from "@/lib/uuid";
import { decide, type Decision, type PaymentEventType, type PaymentFact, type PaymentState, type TransferFact, type TransferKey } from "./transition";


/** SPEC §3 transaction types. */
export type { ProductType } from "@/lib/product-types";
import type { ProductType } from "@/lib/product-types";

/** How long a payer has to pay once started (a later payment is still recorded). */
export const DEFAULT_TRANSACTION_TTL_MS = 30 * 60_000;
/** How long after expiry `listPending` keeps returning an unpaid transaction for a late payment. */
export const DEFAULT_LATE_GRACE_MS = 60 * 60_000;

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** 58^16 ≈ 2^94: public transaction ids are not guessable. */
const PUBLIC_ID_LENGTH = 16;

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
  /** The client address the start request came from (pay-start caps count per client). */
  clientAddress?: string | null;
  /** Its address block (see http/client-address.ts `addressPrefix`), what pay-start caps count. */
  clientPrefix?: string | null;
  /** The wallet the payer starts from. */
  startedBy?: string | null;
  merchantExtras?: { orderId?: string | null } | null;
  /** zCart lines or a donor's note (see OrderDetails). */
  orderDetails?: OrderDetails | null;
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
      clientAddress: input.clientAddress ?? null,
      clientPrefix: input.clientPrefix ?? null,
      startedBy: input.startedBy ?? null,
      merchantExtras: input.merchantExtras ?? null,
      orderDetails: input.orderDetails ?? null,
      lockedAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

export async function findTransaction(db: Db, id: string): Promise<TransactionRow | undefined> {
  if (!isUuid(id)) return undefined;
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
  if (!isUuid(args.productId)) return undefined;
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
 * is still recorded). With `createdSince`, only those created since then (a watcher's new-row read).
 */
export async function listPending(
  db: Db,
  chainId: number,
  options: { now?: Date; lateGraceMs?: number; createdSince?: Date } = {},
): Promise<TransactionRow[]> {
  const horizon = new Date((options.now ?? new Date()).getTime() - (options.lateGraceMs ?? DEFAULT_LATE_GRACE_MS));
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.chainId, chainId),
        options.createdSince ? gte(transactions.createdAt, options.createdSince) : undefined,
        or(
          inArray(transactions.status, ["initiated", "paid"]),
          and(eq(transactions.status, "failed"), isNull(transactions.signature), gt(transactions.expiresAt, horizon)),
        ),
      ),
    )
    .orderBy(transactions.lockedAt);
}

/** What `decide` needs of a transaction: the row and every transfer credited to it. */
export function paymentState(row: TransactionRow, credits: readonly CreditRow[] = []): PaymentState {
  return {
    status: row.status,
    chainId: row.chainId,
    reference: row.reference,
    tokenAddress: row.tokenAddress,
    recipientTokenAccount: row.recipientTokenAccount,
    requestedAmount: row.requestedAmount,
    memo: row.memo,
    expiresAt: row.expiresAt,
    failureReason: row.failureReason,
    paidAt: row.paidAt,
    swapPayer: row.swap?.type === "swap" ? (row.swap.payer ?? null) : null,
    credits: credits.map((c) => ({
      signature: c.signature,
      instructionIndex: c.instructionIndex,
      innerIndex: c.innerIndex,
      amount: c.amount,
      payer: c.payer,
      finalized: c.finalized,
      held: c.held,
    })),
  };
}

export interface PaymentDeps {
  db: Db;
  log?: Logger;
  now?: () => Date;
  /**
   * Screens one party of a transfer (`partiesOf`: its authority, the source account's owner, the
   * transaction's signers and fee payer). True when listed. Throwing counts as "cannot check": the
   * fact is not applied and is retried.
   */
  isSanctioned?: (address: string) => boolean;
  /**
   * Called after the commit with the ids of the webhook events written (the jobs layer enqueues
   * their delivery; the sweeper finds any it could not).
   */
  afterCommit?: (eventIds: string[]) => Promise<void>;
  /**
   * Called inside the database transaction with the events of a change, so what the jobs layer
   * writes for them (e.g. the merchant's notification e-mail in the mail outbox) commits with the
   * change or not at all. payments/ never imports jobs/: the jobs layer passes this in.
   */
  inTransaction?: (tx: Db, change: { transaction: TransactionRow; events: readonly PaymentEventType[] }) => Promise<void>;
}

export interface ApplyResult {
  /** The transaction after the fact. */
  transaction: TransactionRow;
  decision: Decision;
  /** True when this call credited a transfer (false on any replay). */
  credited: boolean;
  /** Ids of the webhook events written. */
  eventIds: string[];
}

function factForLog(fact: PaymentFact): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fact).map(([k, v]) => [k, typeof v === "bigint" ? v.toString() : v]));
}

/**
 * Every wallet that moved the money of a transfer: its authority, the source account's owner, and
 * the parties the chain family's facts code named (the transaction's signers and fee payer). The
 * one screening rule: watchers, the scans and a merchant's map of an unmapped inflow all go through it.
 */
export function partiesOf(fact: Pick<TransferFact, "payer" | "sourceOwner" | "parties">): string[] {
  return [...new Set([fact.payer, fact.sourceOwner, ...(fact.parties ?? [])].filter((w): w is string => Boolean(w)))];
}

/** The fact with every party screened (the wallet that signed, the owner of the money, the transaction's signers and fee payer). */
function screened(deps: PaymentDeps, fact: PaymentFact): PaymentFact {
  if (fact.kind !== "transfer" || !deps.isSanctioned || fact.commitment === "processed") return fact;
  const listed = partiesOf(fact).filter((w) => deps.isSanctioned!(w));
  if (listed.length > 0) deps.log?.warn({ chainId: fact.chainId, signature: fact.signature, listed }, "a listed party moved this transfer: held");
  return { ...fact, payerSanctioned: listed.length > 0 };
}

/** The credit of one on-chain transfer to a transaction (finalized or withdrawn by key). */
const creditOf = (transactionId: string, key: TransferKey) =>
  and(
    eq(paymentCredits.transactionId, transactionId),
    eq(paymentCredits.signature, key.signature),
    eq(paymentCredits.instructionIndex, key.instructionIndex),
    eq(paymentCredits.innerIndex, key.innerIndex),
  );

/**
 * Applies a watcher's fact to a transaction, in one database transaction: locks the row, reads
 * its credits, runs `decide`, credits a new transfer (the unique key makes a replay, or the same
 * transfer reported for another transaction, a no-op: the decision is then refused as
 * `credited_elsewhere`), marks a credit finalized or withdraws one a reorg removed (so the same
 * transfer, mined again, can be credited again), writes the patch, logs a rejected or withdrawn
 * fact, and writes the webhook events to the outbox. `afterCommit` hears of the events once committed.
 * Undefined when there is no such transaction. `guard` runs first in the same database
 * transaction (before the payment row is locked) and may throw to refuse the fact: a map of an
 * unmapped inflow locks that inflow there, so it and a refund of it run one after the other.
 */
export async function applyFact(
  deps: PaymentDeps,
  transactionId: string,
  reported: PaymentFact,
  guard?: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0]) => Promise<void>,
): Promise<ApplyResult | undefined> {
  if (!isUuid(transactionId)) return undefined;
  const now = (deps.now ?? (() => new Date()))();
  const fact = screened(deps, reported);
  const result = await deps.db.transaction(async (tx) => {
    if (guard) await guard(tx);
    const [row] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for("update");
    if (!row) return undefined;
    const credits = await tx.select().from(paymentCredits).where(eq(paymentCredits.transactionId, row.id)).orderBy(paymentCredits.createdAt);
    let decision = decide(paymentState(row, credits), fact, now);
    let credited = false;
    if (decision.credit) {
      const c = decision.credit;
      const inserted = await tx
        .insert(paymentCredits)
        .values({ transactionId: row.id, ...c, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentCredits.id });
      credited = inserted.length > 0;
      if (!credited) decision = { status: row.status, patch: {}, events: [], outcome: "rejected", reason: "credited_elsewhere" };
      // A transfer the receiving-account scan recorded as unmapped before any watcher saw it is mapped now.
      else
        await tx
          .delete(unmappedTransfers)
          .where(
            and(
              eq(unmappedTransfers.chainId, c.chainId),
              eq(unmappedTransfers.signature, c.signature),
              eq(unmappedTransfers.instructionIndex, c.instructionIndex),
              eq(unmappedTransfers.innerIndex, c.innerIndex),
            ),
          );
    }
    if (decision.finalize) await tx.update(paymentCredits).set({ finalized: true }).where(creditOf(row.id, decision.finalize));
    if (decision.uncredit) await tx.delete(paymentCredits).where(creditOf(row.id, decision.uncredit));
    // Rejected facts and withdrawn credits are kept in the fact log: the transaction's history says why.
    if (decision.outcome === "rejected" || decision.uncredit) {
      const transfer = fact.kind === "transfer" || fact.kind === "transfer-removed" ? fact : undefined;
      await tx
        .insert(paymentFactLog)
        .values({
          transactionId: row.id,
          kind: fact.kind,
          signature: transfer?.signature ?? "",
          instructionIndex: transfer?.instructionIndex ?? -1,
          commitment: fact.kind === "transfer" ? fact.commitment : "",
          reason: decision.reason ?? "rejected",
          fact: factForLog(fact),
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    if (Object.keys(decision.patch).length === 0 && decision.events.length === 0) return { transaction: row, decision, credited, eventIds: [] };
    const [updated] = await tx
      .update(transactions)
      .set({ ...decision.patch, updatedAt: now })
      .where(eq(transactions.id, row.id))
      .returning();
    if (decision.patch.status === "validated") await markProductPaid(tx, updated, now);
    const data = toTransactionEventData(updated);
    const eventIds = await insertWebhookEvents(tx, {
      userId: updated.userId,
      transactionId: updated.id,
      events: decision.events.map((type) => ({ type, data })),
      now,
    });
    if (deps.inTransaction && decision.events.length > 0) await deps.inTransaction(tx as unknown as Db, { transaction: updated, events: decision.events });
    return { transaction: updated, decision, credited, eventIds };
  });
  if (result && result.decision.outcome !== "ignored") {
    deps.log?.info(
      { transactionId, outcome: result.decision.outcome, status: result.transaction.status, reason: result.decision.reason },
      "payment fact",
    );
  }
  if (result?.credited && fact.kind === "transfer" && fact.blockTime) {
    creditLag.observe({ chain: String(fact.chainId) }, Math.max(0, (now.getTime() - fact.blockTime.getTime()) / 1000));
  }
  if (result?.eventIds.length && deps.afterCommit) await deps.afterCommit(result.eventIds);
  return result;
}

/**
 * SPEC §3/§4 payment info of each product of a type, keyed by product id: "taken from a paid
 * transaction; a validated one replaces it unless the existing one is validated and the new one is
 * not". Only paid and validated transactions count: a validated one wins over a paid one, and
 * among equals the newest. Products with neither are absent (an abandoned start, an expiry or a
 * failed underpayment is not a payment; those stay in the transaction log).
 */
export async function loadPaymentInfo(db: Db, productType: ProductType, productIds: readonly string[]): Promise<Map<string, PaymentInfoDto>> {
  const ids = [...new Set(productIds)].filter((id) => isUuid(id));
  const map = new Map<string, PaymentInfoDto>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectDistinctOn([transactions.productId])
    .from(transactions)
    .where(and(eq(transactions.productType, productType), inArray(transactions.productId, ids), inArray(transactions.status, ["paid", "validated"])))
    .orderBy(
      transactions.productId,
      desc(sql`(${transactions.status} = 'validated')`),
      desc(sql`coalesce(${transactions.validatedAt}, ${transactions.paidAt}, ${transactions.lockedAt})`),
      desc(transactions.createdAt),
      desc(transactions.id),
    );
  for (const row of rows) if (row.productId) map.set(row.productId, toPaymentInfoDto(row));
  return map;
}
