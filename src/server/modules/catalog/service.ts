import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { ValidationError } from "yup";
import { catalogItemSchema, CART_MESSAGES, toCatalogItemInput, type CatalogItemInput } from "@/lib/cart";
import { isUuid } from "@/lib/uuid";
import type { Db } from "../../db/client";
import { catalogItems, checkouts, type CatalogItemRow, type UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { allowedCurrencies } from "../merchants";
import { ownsUpload } from "./uploads";

export const ITEM_NOT_FOUND = "Item not found";

/** The raw fields a create or update carries (price may come as a JSON number). */
export interface CatalogItemBody {
  name?: string;
  description?: string;
  price?: string | number;
  currency?: string;
  imageId?: string | null;
}

/** Turns yup's errors into the API's 400 with one issue per field. */
export function toApiError(err: unknown): never {
  if (!(err instanceof ValidationError)) throw err;
  const issues = err.inner.map((e) => ({ path: e.path ?? "", message: e.message }));
  throw new ApiError(400, "invalid_request", issues[0]?.message ?? "Invalid request", issues);
}

/**
 * Checks a body with the form's own schema (zLink's price rules, at least 0.1) and that the image,
 * when given, is one the merchant uploaded.
 * @throws {ApiError} 400 with one issue per field.
 */
export async function validateCatalogItemBody(
  db: Db,
  user: Pick<UserRow, "id" | "billingCurrency">,
  body: CatalogItemBody,
  existingCurrency?: string,
): Promise<CatalogItemInput> {
  const values = {
    name: body.name ?? "",
    description: body.description ?? "",
    price: body.price === undefined ? "" : String(body.price),
    currency: body.currency ?? "",
    imageId: body.imageId ?? "",
  };
  try {
    await catalogItemSchema({ currencies: allowedCurrencies(user, existingCurrency) }).validate(values, { abortEarly: false });
  } catch (err) {
    toApiError(err);
  }
  const input = toCatalogItemInput(values);
  if (input.imageId && !(await ownsUpload(db, user.id, input.imageId))) {
    throw new ApiError(400, "invalid_request", "Image not found", [{ path: "imageId", message: "Image not found" }]);
  }
  return input;
}

/** The merchant's catalogue, newest first (disabled items included, marked). */
export async function listCatalogItems(db: Db, userId: string): Promise<CatalogItemRow[]> {
  return db.select().from(catalogItems).where(eq(catalogItems.userId, userId)).orderBy(desc(catalogItems.createdAt), desc(catalogItems.id));
}

/** Some of the merchant's items by id (others' and unknown ids are simply absent). */
export async function findOwnCatalogItems(db: Pick<Db, "select">, userId: string, ids: readonly string[]): Promise<CatalogItemRow[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  return db.select().from(catalogItems).where(and(eq(catalogItems.userId, userId), inArray(catalogItems.id, valid)));
}

/** One of the merchant's items; another merchant's answers the same 404 as an unknown id. */
export async function findOwnCatalogItem(db: Db, userId: string, id: string): Promise<CatalogItemRow> {
  const [row] = await findOwnCatalogItems(db, userId, [id]);
  if (!row) throw new ApiError(404, "not_found", ITEM_NOT_FOUND);
  return row;
}

export function itemEditKey(row: Pick<CatalogItemRow, "version">): string {
  return String(row.version);
}

const STALE = "This item was changed elsewhere. Reload it and try again";
const DISABLED = "This item is disabled and can no longer be changed";

function assertEditable(row: CatalogItemRow, key: string | undefined): void {
  if (!row.enabled) throw new ApiError(409, "item_disabled", DISABLED);
  if (key !== undefined && key !== itemEditKey(row)) throw new ApiError(409, "stale_key", STALE);
}

const stored = (input: CatalogItemInput) => ({
  name: input.name,
  description: input.description,
  price: input.price,
  currency: input.currency,
  useFiat: input.useFiat,
  priceBaseUnits: input.priceBaseUnits,
  imageId: input.imageId,
});

export async function createCatalogItem(db: Db, userId: string, input: CatalogItemInput): Promise<CatalogItemRow> {
  const [row] = await db.insert(catalogItems).values({ ...stored(input), userId }).returning();
  return row;
}

/**
 * Saves new fields on an enabled item. Checkouts show and charge the item's current price; a
 * payment already started keeps the price frozen in its order.
 */
export async function updateCatalogItem(db: Db, userId: string, row: CatalogItemRow, input: CatalogItemInput, key?: string, now = new Date()) {
  assertEditable(row, key);
  if (input.currency !== row.currency && (await inEnabledCheckout(db, userId, row.id))) {
    throw new ApiError(409, "item_in_checkout", "This item is in a checkout: its currency can't change", [
      { path: "currency", message: "This item is in a checkout: its currency can't change" },
    ]);
  }
  const [updated] = await db
    .update(catalogItems)
    .set({ ...stored(input), version: sql`${catalogItems.version} + 1`, updatedAt: now })
    .where(and(eq(catalogItems.id, row.id), eq(catalogItems.userId, userId), eq(catalogItems.enabled, true), eq(catalogItems.version, row.version)))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", STALE);
  return updated;
}

/** Whether one of the merchant's enabled checkouts holds the item (all lines of a checkout share a currency). */
async function inEnabledCheckout(db: Db, userId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.enabled, true), sql`${checkouts.lines} @> ${JSON.stringify([{ itemId }])}::jsonb`))
    .limit(1);
  return rows.length > 0;
}

/** Disables an item for good: checkouts that hold it stop being payable. */
export async function disableCatalogItem(db: Db, userId: string, row: CatalogItemRow, key: string, now = new Date()) {
  assertEditable(row, key);
  const [updated] = await db
    .update(catalogItems)
    .set({ enabled: false, updatedAt: now, version: sql`${catalogItems.version} + 1` })
    .where(and(eq(catalogItems.id, row.id), eq(catalogItems.userId, userId), eq(catalogItems.enabled, true), eq(catalogItems.version, row.version)))
    .returning();
  if (!updated) throw new ApiError(409, "stale_key", STALE);
  return updated;
}

export { CART_MESSAGES };
