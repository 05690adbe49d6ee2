import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { ValidationError } from "yup";
import { donateSchema, toDonateInput, type DonateInput, type RaisedDto } from "@/lib/donate";
import { isUuid } from "@/lib/uuid";
import type { Db } from "../../db/client";
import { donates, transactions, type DonateRow, type TransactionRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { newHashedId, registerPayableLink } from "../../payments/payable-links";
import { markOnboarded } from "../merchants";

export const DONATE_NOT_FOUND = "Donation page not found";
export const DONATE_DISABLED = "This donation page is disabled and can no longer be changed";
export const DONATE_STALE = "This donation page was changed elsewhere. Reload it and try again";

/** The raw fields a create or update carries (amounts may come as JSON numbers). */
export interface DonateBody {
  label?: string;
  desc?: string;
  site?: string | null;
  currency?: string;
  suggestedAmounts?: (string | number)[];
}

/**
 * Checks a body with the form's own schema and normalises it.
 * @throws {ApiError} 400 `invalid_request` with one issue per field (amounts as `suggestedAmounts[i]`).
 */
export async function validateDonateBody(body: DonateBody, options: { currencies: readonly string[]; exampleHost: string }): Promise<DonateInput> {
  const values = {
    label: body.label ?? "",
    desc: body.desc ?? "",
    site: body.site ?? "",
    currency: body.currency ?? "",
    suggestedAmounts: (body.suggestedAmounts ?? []).map(String),
  };
  try {
    await donateSchema({ currencies: options.currencies, exampleHost: options.exampleHost }).validate(values, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
    throw new ApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
  }
  return toDonateInput(values);
}

/** A page with what it raised: validated donations, and their sum per token. */
export interface DonateWithTotals {
  row: DonateRow;
  donationsCount: number;
  raised: RaisedDto[];
}

/** Validated donations per page, in one grouped query (per token: USDC and USDT are not added up). */
async function totalsOf(db: Db, userId: string, ids: readonly string[]): Promise<Map<string, { count: number; raised: RaisedDto[] }>> {
  const map = new Map<string, { count: number; raised: RaisedDto[] }>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      productId: transactions.productId,
      token: transactions.token,
      decimals: transactions.decimals,
      count: count(),
      sum: sql<string>`sum(coalesce(${transactions.receivedAmount}, ${transactions.requestedAmount}))::text`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.productType, "donate"),
        eq(transactions.userId, userId),
        inArray(transactions.productId, [...ids]),
        eq(transactions.status, "validated"),
      ),
    )
    .groupBy(transactions.productId, transactions.token, transactions.decimals)
    .orderBy(transactions.productId, transactions.token);
  for (const r of rows) {
    if (!r.productId) continue;
    const entry = map.get(r.productId) ?? { count: 0, raised: [] };
    entry.count += Number(r.count);
    entry.raised.push({ token: r.token, decimals: r.decimals, value: r.sum });
    map.set(r.productId, entry);
  }
  return map;
}

/** Adds the totals to pages (one query whatever the number of pages). */
export async function withTotals(db: Db, userId: string, rows: DonateRow[]): Promise<DonateWithTotals[]> {
  const totals = await totalsOf(db, userId, rows.map((r) => r.id));
  return rows.map((row) => ({ row, donationsCount: totals.get(row.id)?.count ?? 0, raised: totals.get(row.id)?.raised ?? [] }));
}

/** The merchant's donation pages, newest first, with their totals. */
export async function listDonates(db: Db, userId: string): Promise<DonateWithTotals[]> {
  const rows = await db.select().from(donates).where(eq(donates.userId, userId)).orderBy(desc(donates.createdAt), desc(donates.id));
  return withTotals(db, userId, rows);
}

/**
 * One of the merchant's pages by internal id. Another merchant's page, or an id that is not one,
 * answers the same 404.
 * @throws {ApiError} 404.
 */
export async function findOwnDonate(db: Db, userId: string, id: string): Promise<DonateRow> {
  const [row] = isUuid(id) ? await db.select().from(donates).where(and(eq(donates.id, id), eq(donates.userId, userId))) : [];
  if (!row) throw new ApiError(404, "not_found", DONATE_NOT_FOUND);
  return row;
}

/** The edit key (`_key`): changes on every save, so a stale edit or disable is refused. */
export function editKey(row: Pick<DonateRow, "version">): string {
  return String(row.version);
}

function assertEditable(row: DonateRow, key: string | undefined): void {
  if (!row.enabled) throw new ApiError(409, "donate_disabled", DONATE_DISABLED);
  if (key !== undefined && key !== editKey(row)) throw new ApiError(409, "stale_key", DONATE_STALE);
}

const storedFields = (input: DonateInput, user: Pick<UserRow, "billingCurrency">) => ({
  label: input.label,
  description: input.desc,
  site: input.site,
  currency: input.currency,
  useFiat: input.useFiat,
  suggestedAmounts: input.suggestedAmounts,
  userCurrency: user.billingCurrency,
});

/** Creates a page with a fresh public id, registered in the same transaction; marks the merchant onboarded. */
export async function createDonate(db: Db, user: Pick<UserRow, "id" | "billingCurrency">, input: DonateInput): Promise<DonateRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(donates)
      .values({ ...storedFields(input, user), userId: user.id, hashedId: newHashedId() })
      .returning();
    await registerPayableLink(tx, { hashedId: row.hashedId, productType: "donate", productId: row.id, userId: user.id });
    await markOnboarded(tx, user.id);
    return row;
  });
}

/**
 * Saves new fields on an enabled page (its public id and link stay; past donations keep what they paid).
 * @throws {ApiError} 409 disabled or stale `key`.
 */
export async function updateDonate(
  db: Db,
  user: Pick<UserRow, "id" | "billingCurrency">,
  row: DonateRow,
  input: DonateInput,
  key?: string,
  now = new Date(),
): Promise<DonateRow> {
  assertEditable(row, key);
  const [updated] = await db
    .update(donates)
    .set({ ...storedFields(input, user), version: sql`${donates.version} + 1`, updatedAt: now })
    .where(and(eq(donates.id, row.id), eq(donates.userId, user.id), eq(donates.enabled, true), eq(donates.version, row.version)))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", DONATE_STALE);
  return updated;
}

/**
 * Disables a page for good: its shared links and buttons stop working.
 * @throws {ApiError} 409 already disabled or stale `key`.
 */
export async function disableDonate(db: Db, userId: string, row: DonateRow, key: string, now = new Date()): Promise<DonateRow> {
  assertEditable(row, key);
  const [updated] = await db
    .update(donates)
    .set({ enabled: false, disabledAt: now, updatedAt: now, version: sql`${donates.version} + 1` })
    .where(and(eq(donates.id, row.id), eq(donates.userId, userId), eq(donates.enabled, true), eq(donates.version, row.version)))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", DONATE_STALE);
  return updated;
}

/**
 * The donations of one page: every payment seen on chain (paid, validated, failed, refunded),
 * newest first, a page at a time. Abandoned starts (never paid) are left out.
 */
export async function listDonations(
  db: Db,
  userId: string,
  donateId: string,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const where = and(
    eq(transactions.productType, "donate"),
    eq(transactions.productId, donateId),
    eq(transactions.userId, userId),
    isNotNull(transactions.signature),
  );
  const [{ total }] = await db.select({ total: count() }).from(transactions).where(where);
  const rows = await db
    .select()
    .from(transactions)
    .where(where)
    .orderBy(desc(sql`coalesce(${transactions.validatedAt}, ${transactions.paidAt}, ${transactions.lockedAt})`), desc(transactions.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total: Number(total) };
}
