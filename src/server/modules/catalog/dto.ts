import { z } from "@hono/zod-openapi";
import { uploadUrl, type CatalogItemDto as CatalogItem } from "@/lib/cart";
import type { CatalogItemRow } from "../../db/schema";

/** A zCart catalogue item, as the merchant API answers it. */
export const CatalogItemDto = z
  .object({
    _id: z.string(),
    user: z.string(),
    name: z.string().openapi({ example: "Coffee mug" }),
    description: z.string(),
    price: z.string().openapi({ description: "Decimal text in `currency`", example: "12.5" }),
    currency: z.string().openapi({ example: "USD" }),
    useFiat: z.boolean(),
    priceBaseUnits: z.string().nullable().openapi({ description: "Token base units when priced in a token" }),
    imageId: z.string().nullable(),
    imageUrl: z.string().nullable().openapi({ description: "`/api/uploads/{id}`, served on both origins" }),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("CatalogItem");

export function toCatalogItemDto(row: CatalogItemRow): CatalogItem {
  return {
    _id: row.id,
    user: row.userId,
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    useFiat: row.useFiat,
    priceBaseUnits: row.priceBaseUnits === null ? null : row.priceBaseUnits.toString(),
    imageId: row.imageId,
    imageUrl: row.imageId ? uploadUrl(row.imageId) : null,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
