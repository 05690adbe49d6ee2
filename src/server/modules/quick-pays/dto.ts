import { z } from "@hono/zod-openapi";
import type { PaymentInfoDto as PaymentInfo } from "@/lib/transaction-details";
import { PaymentInfoDto } from "../../payments/dto";
import { ZLINK_TOKENS, type QuickPayDto as QuickPay } from "@/lib/zlink";
import type { QuickPayRow } from "../../db/schema";

/** SPEC §3 zLink, as the merchant API answers it. */
export const QuickPayDto = z
  .object({
    _id: z.string(),
    hashedId: z.string().openapi({ description: "Public id in the hosted link `?p=`", example: "7Hq2kZr9XbNm" }),
    user: z.string(),
    label: z.string(),
    desc: z.string(),
    site: z.string().nullable(),
    price: z.string().openapi({ description: "Decimal text in `currency`", example: "12.5" }),
    amount: z.string().openapi({ description: "Same as price" }),
    currency: z.string().openapi({ example: "USD" }),
    useFiat: z.boolean(),
    fiat: z.string().nullable(),
    token: z.string().nullable(),
    priceBaseUnits: z.string().nullable().openapi({ description: "Token base units when priced in a token" }),
    userCurrency: z.string(),
    defaultToken: z.string(),
    enabled: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updateUrl: z.string().nullable(),
    paymentInfo: PaymentInfoDto.nullable(),
  })
  .openapi("QuickPay");

/** Maps a row field by field (Hono does not strip undeclared fields). */
export function toQuickPayDto(row: QuickPayRow, paymentInfo: PaymentInfo | undefined): QuickPay {
  return {
    _id: row.id,
    hashedId: row.hashedId,
    user: row.userId,
    label: row.label,
    desc: row.description,
    site: row.site,
    price: row.price,
    amount: row.price,
    currency: row.currency,
    useFiat: row.useFiat,
    fiat: row.useFiat ? row.currency : null,
    token: row.useFiat ? null : row.currency,
    priceBaseUnits: row.priceBaseUnits === null ? null : row.priceBaseUnits.toString(),
    userCurrency: row.userCurrency,
    defaultToken: Object.keys(ZLINK_TOKENS)[0],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updateUrl: row.enabled ? `/quick-pays/update/${row.id}` : null,
    paymentInfo: paymentInfo ?? null,
  };
}
