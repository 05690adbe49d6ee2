import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { quickPays, type QuickPayRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import type { UserRow } from "../../db/schema";
import { isBelowMinimum, toZLinkInput, zlinkSchema, ZLINK_MESSAGES, type ZLinkInput } from "@/lib/zlink";
import { ValidationError } from "yup";
import { isUuid } from "@/lib/uuid";
import { newHashedId, registerPayableLink } from "../../payments/payable-links";
import { markOnboarded } from "../merchants";

export { newHashedId, HASHED_ID_LENGTH } from "../../payments/payable-links";

/** The raw fields a create or update carries (price may come as a JSON number). */
export interface QuickPayBody {
  label?: string;
  desc?: string;
  site?: string | null;
  price?: string | number;
  currency?: string;
}

/**
 * Checks a body with the form's own schema (SPEC §5) and the 0.1 minimum, and normalises it.
 * @throws {ApiError} 400 with one issue per field; `amount_too_small` under the minimum.
 */
export async function validateQuickPayBody(
  body: QuickPayBody,
  options: { currencies: readonly string[]; exampleHost: string },
): Promise<ZLinkInput> {
  const values = {
    label: body.label ?? "",
    desc: body.desc ?? "",
    site: body.site ?? "",
    price: body.price === undefined ? "" : String(body.price),
    currency: body.currency ?? "",
  };
  try {
    await zlinkSchema({ currencies: options.currencies, exampleHost: options.exampleHost }).validate(values, { abortEarly: false });
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
    throw new ApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
  }
  if (isBelowMinimum(values.price)) {
    throw new ApiError(400, "amount_too_small", ZLINK_MESSAGES.amountMinimum, [{ path: "price", message: ZLINK_MESSAGES.amountMinimum }]);
  }
  return toZLinkInput(values);
}

/** The merchant's zLinks, newest first. */
export async function listQuickPays(db: Db, userId: string): Promise<QuickPayRow[]> {
  return db.select().from(quickPays).where(eq(quickPays.userId, userId)).orderBy(desc(quickPays.createdAt), desc(quickPays.id));
}

/**
 * One of the merchant's zLinks by internal id. Another merchant's link, or an id that is not
 * one, answers the same 404: nobody learns whether someone else's link exists.
 * @throws {ApiError} 404.
 */
export async function findOwnQuickPay(db: Db, userId: string, id: string): Promise<QuickPayRow> {
  const [row] = isUuid(id)
    ? await db.select().from(quickPays).where(and(eq(quickPays.id, id), eq(quickPays.userId, userId)))
    : [];
  if (!row) throw new ApiError(404, "not_found", "Payment Link not found");
  return row;
}

/** A zLink's edit key (`_key`): changes on every save, so a stale edit or disable is refused. */
export function editKey(row: Pick<QuickPayRow, "version">): string {
  return String(row.version);
}

function assertEditable(row: QuickPayRow, key: string | undefined): void {
  if (!row.enabled) throw new ApiError(409, "zlink_disabled", "This zLink is disabled and can no longer be changed");
  if (key !== undefined && key !== editKey(row)) {
    throw new ApiError(409, "stale_key", "This zLink was changed elsewhere. Reload it and try again");
  }
}

const storedFields = (input: ZLinkInput, user: Pick<UserRow, "billingCurrency">) => ({
  label: input.label,
  description: input.desc,
  site: input.site,
  price: input.price,
  currency: input.currency,
  useFiat: input.useFiat,
  priceBaseUnits: input.priceBaseUnits,
  userCurrency: user.billingCurrency,
});

/** Creates a zLink with a fresh public id; marks the merchant onboarded on their first save. */
export async function createQuickPay(db: Db, user: Pick<UserRow, "id" | "billingCurrency">, input: ZLinkInput): Promise<QuickPayRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quickPays)
      .values({ ...storedFields(input, user), userId: user.id, hashedId: newHashedId() })
      .returning();
    await registerPayableLink(tx, { hashedId: row.hashedId, productType: "quick-pay", productId: row.id, userId: user.id });
    await markOnboarded(tx, user.id);
    return row;
  });
}

/**
 * Saves new fields on an enabled zLink (its public id and link stay the same).
 * @throws {ApiError} 404 not the merchant's, 409 disabled or stale `key`.
 */
export async function updateQuickPay(
  db: Db,
  user: Pick<UserRow, "id" | "billingCurrency">,
  row: QuickPayRow,
  input: ZLinkInput,
  key?: string,
  now = new Date(),
): Promise<QuickPayRow> {
  assertEditable(row, key);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(quickPays)
      .set({ ...storedFields(input, user), version: sql`${quickPays.version} + 1`, updatedAt: now })
      .where(and(eq(quickPays.id, row.id), eq(quickPays.userId, user.id), eq(quickPays.enabled, true), eq(quickPays.version, row.version)))
      .returning();
    if (!updated) throw new ApiError(409, "stale_key", "This zLink was changed elsewhere. Reload it and try again");
    await markOnboarded(tx, user.id);
    return updated;
  });
}

/**
 * Disables a zLink for good (SPEC §4): its shared links and buttons stop working.
 * @throws {ApiError} 409 already disabled or stale `key`.
 */
export async function disableQuickPay(db: Db, userId: string, row: QuickPayRow, key: string, now = new Date()): Promise<QuickPayRow> {
  assertEditable(row, key);
  const [updated] = await db
    .update(quickPays)
    .set({ enabled: false, disabledAt: now, updatedAt: now, version: sql`${quickPays.version} + 1` })
    .where(and(eq(quickPays.id, row.id), eq(quickPays.userId, userId), eq(quickPays.enabled, true), eq(quickPays.version, row.version)))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", "This zLink was changed elsewhere. Reload it and try again");
  return updated;
}

/** What the pay page needs of a zLink someone opened. */
export interface PayableQuickPay {
  id: string;
  hashedId: string;
  merchantId: string;
  label: string;
  desc: string;
  site: string | null;
  /** Decimal text in `currency`. */
  price: string;
  currency: string;
  useFiat: boolean;
  /** Token base units when priced in a token, else null. */
  priceBaseUnits: bigint | null;
  userCurrency: string;
}

/** The enabled zLink behind a public id (`?p=`), with its merchant; undefined when unknown or disabled. */
export async function findPayableQuickPay(db: Db, hashedId: string): Promise<PayableQuickPay | undefined> {
  if (!hashedId || hashedId.length > 64) return undefined;
  const [row] = await db
    .select()
    .from(quickPays)
    .where(and(eq(quickPays.hashedId, hashedId), eq(quickPays.enabled, true)));
  if (!row) return undefined;
  return {
    id: row.id,
    hashedId: row.hashedId,
    merchantId: row.userId,
    label: row.label,
    desc: row.description,
    site: row.site,
    price: row.price,
    currency: row.currency,
    useFiat: row.useFiat,
    priceBaseUnits: row.priceBaseUnits,
    userCurrency: row.userCurrency,
  };
}
