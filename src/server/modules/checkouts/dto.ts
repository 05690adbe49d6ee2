import { z } from "@hono/zod-openapi";
import { isTokenCurrency } from "@/lib/zlink";
import { uploadUrl, type CheckoutDto as Checkout } from "@/lib/cart";
import type { PaymentInfoDto as PaymentInfo } from "@/lib/transaction-details";
import type { CatalogItemRow, CheckoutRow } from "../../db/schema";
import { PaymentInfoDto } from "../../payments/dto";
import { defaultTotal } from "./service";

const CheckoutLineDto = z.object({
  itemId: z.string(),
  name: z.string(),
  unitPrice: z.string().openapi({ description: "The item's current price, decimal text" }),
  quantity: z.number().int(),
  imageUrl: z.string().nullable(),
  enabled: z.boolean().openapi({ description: "False when the item was disabled: the checkout is then not payable" }),
});

/** A zCart checkout (SPEC entity `products`), as the merchant API answers it. */
export const CheckoutDto = z
  .object({
    _id: z.string(),
    hashedId: z.string().openapi({ description: "Public id in the hosted link `?p=`" }),
    user: z.string(),
    label: z.string(),
    desc: z.string(),
    lines: z.array(CheckoutLineDto),
    quantitiesEditable: z.boolean(),
    price: z.string().openapi({ description: "Total of the default quantities at the items' current prices" }),
    amount: z.string(),
    currency: z.string(),
    useFiat: z.boolean(),
    userCurrency: z.string(),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updateUrl: z.string().nullable(),
    paymentInfo: PaymentInfoDto.nullable(),
  })
  .openapi("Checkout");

export function toCheckoutDto(row: CheckoutRow, items: ReadonlyMap<string, CatalogItemRow>, paymentInfo: PaymentInfo | undefined): Checkout {
  const total = defaultTotal(row, items);
  return {
    _id: row.id,
    hashedId: row.hashedId,
    user: row.userId,
    label: row.label,
    desc: row.description,
    lines: row.lines.map((l) => {
      const item = items.get(l.itemId);
      return {
        itemId: l.itemId,
        name: item?.name ?? "",
        unitPrice: item?.price ?? "0",
        quantity: l.quantity,
        imageUrl: item?.imageId ? uploadUrl(item.imageId) : null,
        enabled: item?.enabled ?? false,
      };
    }),
    quantitiesEditable: row.quantitiesEditable,
    price: total,
    amount: total,
    currency: row.currency,
    useFiat: !isTokenCurrency(row.currency),
    userCurrency: row.userCurrency,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updateUrl: row.enabled ? `/products/update/${row.id}` : null,
    paymentInfo: paymentInfo ?? null,
  };
}
