import { and, desc, eq, sql } from "drizzle-orm";
import { cartTotal, checkoutSchema, type CheckoutFormLine } from "@/lib/cart";
import { isUuid } from "@/lib/uuid";
import type { Db } from "../../db/client";
import { checkouts, type CatalogItemRow, type CheckoutRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { newHashedId, registerPayableLink } from "../../payments/payable-links";
import { findOwnCatalogItems, toApiError } from "../catalog";
import { markOnboarded } from "../merchants";

export const CHECKOUT_NOT_FOUND = "Checkout not found";
const STALE = "This checkout was changed elsewhere. Reload it and try again";
const DISABLED = "This checkout is disabled and can no longer be changed";

/** The raw fields a create or update carries. */
export interface CheckoutBody {
  label?: string;
  desc?: string;
  lines?: { itemId?: string; quantity?: number }[];
  quantitiesEditable?: boolean;
}

/** A checkout as stored, from a body the schema accepted. */
export interface CheckoutInput {
  label: string;
  desc: string;
  lines: CheckoutFormLine[];
  quantitiesEditable: boolean;
  currency: string;
}

/**
 * Checks a body with the form's schema; every line must be an enabled item of this merchant's
 * catalogue (another merchant's item is 'not in your catalogue', exactly like an unknown id), all
 * in one currency.
 * @throws {ApiError} 400 with one issue per field.
 */
export async function validateCheckoutBody(db: Db, userId: string, body: CheckoutBody): Promise<CheckoutInput> {
  const values = {
    label: body.label ?? "",
    description: body.desc ?? "",
    lines: (body.lines ?? []).map((l) => ({ itemId: l.itemId ?? "", quantity: l.quantity as number })),
    quantitiesEditable: body.quantitiesEditable ?? false,
  };
  const items = new Map((await findOwnCatalogItems(db, userId, values.lines.map((l) => l.itemId))).filter((i) => i.enabled).map((i) => [i.id, i]));
  try {
    await checkoutSchema({ itemCurrency: (id) => items.get(id)?.currency }).validate(values, { abortEarly: false });
  } catch (err) {
    toApiError(err);
  }
  return {
    label: values.label.trim(),
    desc: values.description.trim(),
    lines: values.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
    quantitiesEditable: values.quantitiesEditable,
    currency: items.get(values.lines[0].itemId)!.currency,
  };
}

export async function listCheckouts(db: Db, userId: string): Promise<CheckoutRow[]> {
  return db.select().from(checkouts).where(eq(checkouts.userId, userId)).orderBy(desc(checkouts.createdAt), desc(checkouts.id));
}

/** One of the merchant's checkouts; another merchant's answers the same 404 as an unknown id. */
export async function findOwnCheckout(db: Db, userId: string, id: string): Promise<CheckoutRow> {
  const [row] = isUuid(id) ? await db.select().from(checkouts).where(and(eq(checkouts.id, id), eq(checkouts.userId, userId))) : [];
  if (!row) throw new ApiError(404, "not_found", CHECKOUT_NOT_FOUND);
  return row;
}

/** The catalogue items the checkouts' lines name, by id. */
export async function itemsOf(db: Db, userId: string, rows: readonly CheckoutRow[]): Promise<Map<string, CatalogItemRow>> {
  const ids = rows.flatMap((r) => r.lines.map((l) => l.itemId));
  return new Map((await findOwnCatalogItems(db, userId, ids)).map((i) => [i.id, i]));
}

/** The total of a checkout's default quantities at its items' current prices ("0" when an item is gone). */
export function defaultTotal(row: Pick<CheckoutRow, "lines">, items: ReadonlyMap<string, Pick<CatalogItemRow, "price">>): string {
  return cartTotal(row.lines.flatMap((l) => (items.has(l.itemId) ? [{ ...l, unitPrice: items.get(l.itemId)!.price }] : [])));
}

export function checkoutEditKey(row: Pick<CheckoutRow, "version">): string {
  return String(row.version);
}

function assertEditable(row: CheckoutRow, key: string | undefined): void {
  if (!row.enabled) throw new ApiError(409, "checkout_disabled", DISABLED);
  if (key !== undefined && key !== checkoutEditKey(row)) throw new ApiError(409, "stale_key", STALE);
}

const stored = (input: CheckoutInput) => ({
  label: input.label,
  description: input.desc,
  lines: input.lines,
  quantitiesEditable: input.quantitiesEditable,
  currency: input.currency,
});

/** Creates a checkout with its public id (registered in the same transaction); marks the merchant onboarded. */
export async function createCheckout(db: Db, user: Pick<UserRow, "id" | "billingCurrency">, input: CheckoutInput): Promise<CheckoutRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checkouts)
      .values({ ...stored(input), userId: user.id, hashedId: newHashedId(), userCurrency: user.billingCurrency })
      .returning();
    await registerPayableLink(tx, { hashedId: row.hashedId, productType: "product", productId: row.id, userId: user.id });
    await markOnboarded(tx, user.id);
    return row;
  });
}

export async function updateCheckout(db: Db, userId: string, row: CheckoutRow, input: CheckoutInput, key?: string, now = new Date()) {
  assertEditable(row, key);
  const [updated] = await db
    .update(checkouts)
    .set({ ...stored(input), version: sql`${checkouts.version} + 1`, updatedAt: now })
    .where(and(eq(checkouts.id, row.id), eq(checkouts.userId, userId), eq(checkouts.enabled, true), eq(checkouts.version, row.version)))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", STALE);
  return updated;
}

/** Disables a checkout for good: its shared links and buttons stop working. */
export async function disableCheckout(db: Db, userId: string, row: CheckoutRow, key: string, now = new Date()) {
  assertEditable(row, key);
  const [updated] = await db
    .update(checkouts)
    .set({ enabled: false, disabledAt: now, updatedAt: now, version: sql`${checkouts.version} + 1` })
    .where(and(eq(checkouts.id, row.id), eq(checkouts.userId, userId), eq(checkouts.enabled, true), eq(checkouts.version, row.version)))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", STALE);
  return updated;
}
