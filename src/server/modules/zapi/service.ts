import { createHash } from "node:crypto";
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { checkZapiAmount, ZAPI_IDEMPOTENCY_WINDOW_MS, ZAPI_LIMITS, ZAPI_MESSAGES, type ZapiCreatePayment, type ZapiListQuery, type ZapiPayment, type ZapiPaymentStatus } from "@/lib/zapi";
import { hostedPayLink, isTokenCurrency, priceDecimals, zlinkCurrencies } from "@/lib/zlink";
import { parseBaseUnits } from "@/lib/money";
import { isUuid } from "@/lib/uuid";
import type { Db } from "../../db/client";
import { apiIdempotencyKeys, apiPayments, type ApiPaymentRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { newHashedId, registerPayableLink } from "../../payments/payable-links";

/**
 * A payment's state: `open` until a payer starts, then its settled transaction's status (a
 * validated one wins over a paid one), else the newest attempt's. The outer id is written out:
 * drizzle leaves a column unqualified in a select list, where `id` would name the inner `t.id`.
 */
const statusOf = sql<ZapiPaymentStatus>`coalesce((
  select t.status from transactions t
  where t.product_type = 'dynamic' and t.product_id = api_payments.id
  order by (t.status = 'validated') desc, (t.status = 'paid') desc, t.created_at desc, t.id desc
  limit 1), 'open')`;
/** created_at in exact microseconds, for the cursor. */
const iidOf = sql<string>`(extract(epoch from ${apiPayments.createdAt}) * 1000000)::bigint::text`;

export function toZapiPayment(row: ApiPaymentRow, status: ZapiPaymentStatus, payOrigin: string): ZapiPayment {
  return {
    id: row.id,
    url: hostedPayLink(payOrigin, row.hashedId),
    status,
    amount: row.price,
    currency: row.currency,
    orderId: row.orderId,
    metadata: row.metadata ?? null,
    callbackUrl: row.callbackUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/** JSON with sorted keys: the same body always hashes the same, whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

export const requestHash = (body: ZapiCreatePayment) => createHash("sha256").update(canonicalJson(body)).digest("hex");

/**
 * The create body's price rules (the merchant's billing currency or USDC, at least 0.1, the
 * currency's decimals) to the stored fields.
 * @throws {ApiError} 400 invalid_request naming the field.
 */
export function priceFields(body: ZapiCreatePayment, user: Pick<UserRow, "billingCurrency">) {
  const invalid = (path: string, message: string) => new ApiError(400, "invalid_request", message, [{ path, message }]);
  if (!zlinkCurrencies(user.billingCurrency).includes(body.currency)) throw invalid("currency", ZAPI_MESSAGES.currencyInvalid);
  const amount = checkZapiAmount(body.amount, body.currency);
  if (!amount.ok) throw invalid("amount", amount.message);
  const token = isTokenCurrency(body.currency);
  return {
    price: amount.price,
    currency: body.currency,
    useFiat: !token,
    priceBaseUnits: token ? parseBaseUnits(amount.price, priceDecimals(body.currency)) : null,
    userCurrency: user.billingCurrency,
  };
}

/** Thrown inside the create transaction when another request took the key first: rolls it back. */
class KeyTaken extends Error {}

export interface CreateResult {
  row: ApiPaymentRow;
  /** The key had already made this payment: nothing new was created. */
  replayed: boolean;
}

/** Keys made before this are no longer honoured (ZAPI_IDEMPOTENCY_WINDOW_MS). */
const honouredSince = () => new Date(Date.now() - ZAPI_IDEMPOTENCY_WINDOW_MS);

async function replay(db: Db, userId: string, key: string, hash: string): Promise<ApiPaymentRow | undefined> {
  const [found] = await db
    .select({ hash: apiIdempotencyKeys.requestHash, payment: apiPayments })
    .from(apiIdempotencyKeys)
    .innerJoin(apiPayments, eq(apiPayments.id, apiIdempotencyKeys.paymentId))
    .where(and(eq(apiIdempotencyKeys.userId, userId), eq(apiIdempotencyKeys.key, key), gte(apiIdempotencyKeys.createdAt, honouredSince())));
  if (!found) return undefined;
  if (found.hash !== hash) throw new ApiError(422, "idempotency_key_reused", ZAPI_MESSAGES.idempotencyConflict);
  return found.payment;
}

/**
 * Creates a zAPI payment (its row and its public id in the payable registry, together). With an
 * `Idempotency-Key`, the key is stored in the same transaction: a retry with the same body answers
 * the first payment, and two requests racing with one key make one payment (the loser rolls back
 * and answers the winner's). A key older than ZAPI_IDEMPOTENCY_WINDOW_MS is forgotten: it makes a new payment.
 * @throws {ApiError} 422 idempotency_key_reused when the key came with another body.
 */
export async function createApiPayment(db: Db, user: Pick<UserRow, "id" | "billingCurrency">, body: ZapiCreatePayment, key: string | undefined): Promise<CreateResult> {
  const fields = priceFields(body, user);
  const hash = requestHash(body);
  if (key) {
    const earlier = await replay(db, user.id, key, hash);
    if (earlier) return { row: earlier, replayed: true };
  }
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(apiPayments)
        .values({ ...fields, userId: user.id, hashedId: newHashedId(), orderId: body.orderId ?? null, metadata: body.metadata ?? null, callbackUrl: body.callbackUrl ?? null })
        .returning();
      await registerPayableLink(tx, { hashedId: created.hashedId, productType: "dynamic", productId: created.id, userId: user.id });
      if (key) {
        // A key past its window that maintenance has not deleted yet gives way to this use.
        await tx.delete(apiIdempotencyKeys).where(and(eq(apiIdempotencyKeys.userId, user.id), eq(apiIdempotencyKeys.key, key), lt(apiIdempotencyKeys.createdAt, honouredSince())));
        const kept = await tx
          .insert(apiIdempotencyKeys)
          .values({ userId: user.id, key, requestHash: hash, paymentId: created.id })
          .onConflictDoNothing()
          .returning({ key: apiIdempotencyKeys.key });
        if (kept.length === 0) throw new KeyTaken();
      }
      return created;
    });
    return { row, replayed: false };
  } catch (err) {
    if (!(err instanceof KeyTaken) || !key) throw err;
    const earlier = await replay(db, user.id, key, hash);
    if (!earlier) throw err;
    return { row: earlier, replayed: true };
  }
}

/**
 * One of the merchant's zAPI payments with its status. Another merchant's, or an id that is not
 * one, answers the same 404.
 */
export async function findApiPayment(db: Db, userId: string, id: string): Promise<{ row: ApiPaymentRow; status: ZapiPaymentStatus }> {
  const [found] = isUuid(id)
    ? await db.select({ row: apiPayments, status: statusOf }).from(apiPayments).where(and(eq(apiPayments.id, id), eq(apiPayments.userId, userId)))
    : [];
  if (!found) throw new ApiError(404, "not_found", ZAPI_MESSAGES.notFound);
  return found;
}

const CURSOR = /^(\d{1,20})\.([0-9a-f-]{36})$/;

/**
 * The merchant's zAPI payments, newest first, keyset-paged on (created_at, id): `next` is the last
 * row's position, so payments created meanwhile never shift the following pages.
 */
export async function listApiPayments(db: Db, userId: string, query: ZapiListQuery): Promise<{ rows: { row: ApiPaymentRow; status: ZapiPaymentStatus }[]; next: string | null }> {
  const limit = query.limit ?? ZAPI_LIMITS.defaultPageSize;
  const where: SQL[] = [sql`${apiPayments.userId} = ${userId}`];
  if (query.orderId) where.push(sql`${apiPayments.orderId} = ${query.orderId}`);
  if (query.status) where.push(sql`${statusOf} = ${query.status}`);
  if (query.cursor) {
    const m = CURSOR.exec(query.cursor);
    if (!m || !isUuid(m[2])) throw new ApiError(400, "invalid_cursor", "This cursor is not valid: start again from the first page", [{ path: "cursor", message: "Invalid cursor" }]);
    where.push(sql`(${apiPayments.createdAt}, ${apiPayments.id}) < (timestamptz 'epoch' + ${m[1]}::bigint * interval '1 microsecond', ${m[2]}::uuid)`);
  }
  const found = await db
    .select({ row: apiPayments, status: statusOf, iid: iidOf })
    .from(apiPayments)
    .where(sql.join(where, sql` and `))
    .orderBy(desc(apiPayments.createdAt), desc(apiPayments.id))
    .limit(limit + 1);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page.map(({ row, status }) => ({ row, status })), next: found.length > limit && last ? `${last.iid}.${last.row.id}` : null };
}

/** The callback URL a zAPI payment was created with, for the pay page after paying. */
export async function apiPaymentCallback(db: Db, productId: string): Promise<string | undefined> {
  const [row] = await db.select({ callbackUrl: apiPayments.callbackUrl }).from(apiPayments).where(eq(apiPayments.id, productId));
  return row?.callbackUrl ?? undefined;
}
