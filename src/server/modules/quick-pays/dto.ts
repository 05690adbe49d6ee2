import { z } from "@hono/zod-openapi";
import type { PaymentInfoDto as PaymentInfo } from "@/lib/transaction-details";
import { ZLINK_TOKENS, type QuickPayDto as QuickPay } from "@/lib/zlink";
import type { QuickPayRow } from "../../db/schema";

const Amount = z
  .object({
    value: z.string().openapi({ description: "Base units, integer text", example: "12500000" }),
    decimals: z.number().int(),
    currency: z.string().openapi({ example: "USDC" }),
  })
  .openapi("Amount");

/** What was ordered, frozen on the transaction at start (see `OrderDetails` in `@/lib/pay-api`). */
export const OrderDetailsDto = z
  .object({
    lines: z
      .array(z.object({ itemId: z.string(), name: z.string(), unitPrice: z.string(), quantity: z.number().int(), amount: z.string() }))
      .optional()
      .openapi({ description: "zCart: each line with its unit price, quantity and amount (decimal text in the product's currency)" }),
    donor: z
      .object({ name: z.string().optional(), message: z.string().optional() })
      .optional()
      .openapi({ description: "Donation: the donor's optional name and message for the merchant" }),
  })
  .openapi("OrderDetails");

/** SPEC §3 Payment info (see `@/lib/transaction-details`). */
export const PaymentInfoDto = z
  .object({
    _id: z.string(),
    status: z.enum(["initiated", "paid", "validated", "failed", "refunded"]),
    requestedAmount: Amount,
    recievedAmount: Amount.nullable().openapi({ description: "SPEC §3 spelling" }),
    chain: z.number().int(),
    hash: z.string().nullable(),
    scanLink: z.string().nullable().optional(),
    payer: z.string().nullable(),
    ramp: z.boolean(),
    swap: z
      .object({ type: z.enum(["swap", "bridge"]), token: z.string(), bridgeChainSymbol: z.string().nullable().optional() })
      .nullable(),
    type: z.string().openapi({
      description: "Product type: quick-pay (zLink), collect (zRequest), bill (zInvoice), invoice, product (zCart), donate (donation), dynamic (zApi)",
      example: "quick-pay",
    }),
    merchantExtras: z.object({ orderId: z.string().nullable().optional() }).nullable(),
    lockedAt: z.string().nullable(),
    paidAt: z.string().nullable(),
    validatedAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    refundedAt: z.string().nullable().openapi({ description: "Set once confirmed refunds reach the received amount" }),
    refundedAmount: z.string().openapi({ description: "What confirmed refunds sent back: base units of the received token, integer text (\"0\" when none)", example: "0" }),
    productInfo: z
      .object({
        price: z.string(),
        currency: z.string(),
        userCurrency: z.string(),
        useFiat: z.boolean(),
        fiat: z.string().nullable(),
        cToken: z.string(),
      })
      .nullable(),
    orderDetails: OrderDetailsDto.nullable().optional(),
  })
  .openapi("PaymentInfo");

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
