import { z } from "@hono/zod-openapi";
import type { OrderDetails } from "@/lib/pay-api";
import type { AmountDto, PaymentInfoDto as PaymentInfo } from "@/lib/transaction-details";
import type { ProductInfoSnapshot, TransactionRow } from "../db/schema";
import type { PaymentEventType, PaymentStatus } from "./transition";

/* The payment info schema: every module that lists payments (zLinks, bills, carts, the admin and
   unmapped screens…) shows the same object, so it lives with its mapper `toPaymentInfoDto`. */
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

/**
 * A transaction as webhooks carry it (`data` of every `payment.*` event). Amounts are base units as
 * integer text with their decimals (never floats); times are ISO 8601 or null.
 */
export interface TransactionEventData {
  /** The transaction's internal id (the same `_id` as in payment info). */
  _id: string;
  /** The short id the payer's page shows and polls. */
  publicId: string;
  /** Product type (`src/lib/product-types.ts`): quick-pay (zLink), collect (zRequest), bill (zInvoice), invoice, product (zCart), donate (donation), dynamic (zApi). */
  type: string;
  /** The product's id (e.g. the zLink's `_id`). */
  product: string | null;
  status: PaymentStatus;
  /** expired, underpaid, transaction_failed, sanctioned or not_finalized when failed. */
  failureReason: string | null;
  /** The payment arrived after the transaction had expired. */
  late: boolean;
  chain: number;
  token: string;
  tokenAddress: string;
  recipient: string;
  recipientTokenAccount: string;
  reference: string;
  memo: string | null;
  requestedAmount: AmountDto;
  receivedAmount: AmountDto | null;
  amountMismatch: "under" | "over" | null;
  /** The credited transfer's signature / hash. */
  hash: string | null;
  /** The paying wallet. */
  from: string | null;
  /** How the payer paid when not directly: a swap on Solana with the token given (SPEC §3 `swap`); null for a direct transfer. */
  swap: { type: "swap" | "bridge"; token: string; bridgeChainSymbol?: string | null } | null;
  productInfo: ProductInfoSnapshot | null;
  /** USD per unit of the product's fiat currency, fixed at start. */
  fiatRate: string | null;
  merchantExtras: { orderId?: string | null } | null;
  /** What was ordered, frozen at start: a zCart's lines (price, quantity, amount each), or a donor's name and message; null for other products. */
  orderDetails: OrderDetails | null;
  lockedAt: string;
  paidAt: string | null;
  validatedAt: string | null;
  failedAt: string | null;
  refundedAt: string | null;
  expiresAt: string;
}

/**
 * Money that reached a merchant's receiving account without paying any transaction
 * (`payment.unmapped`): recorded so nothing that arrives is lost; the merchant decides (refund,
 * or match it by hand).
 */
export interface UnmappedTransferData {
  _id: string;
  chain: number;
  tokenAddress: string;
  recipientTokenAccount: string;
  hash: string;
  instructionIndex: number;
  innerIndex: number;
  from: string;
  source: string;
  amount: { value: string; tokenAddress: string };
  memos: string[];
  blockTime: string | null;
}

/** The JSON body of a webhook (Standard Webhooks style: type, timestamp, data). */
export type WebhookEventBody =
  | {
      type: PaymentEventType;
      /** When the event happened, ISO 8601. */
      timestamp: string;
      data: TransactionEventData;
    }
  | { type: "payment.unmapped"; timestamp: string; data: UnmappedTransferData }
  | { type: "payment.refunded"; timestamp: string; data: RefundedEventData };

/**
 * `payment.refunded`: a refund of the payment was confirmed on chain. The transaction as in every
 * `payment.*` event (`refundedAt` set once fully refunded), the refund itself and the total
 * refunded so far. An unmapped transfer's refund has no transaction (`_id` of the transfer instead).
 */
export interface RefundedEventData {
  transaction: TransactionEventData | null;
  unmappedId: string | null;
  refund: { _id: string; amount: AmountDto; hash: string | null; to: string; full: boolean };
  refundedAmount: AmountDto;
}

/** Every webhook event type a merchant can receive. */
export type WebhookEventType = WebhookEventBody["type"];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const amount = (value: bigint, row: TransactionRow): AmountDto => ({ value: value.toString(), decimals: row.decimals, currency: row.token });

/** The `swap` the API shows: how the payer paid, without the wallet the service keeps for refunds. */
const swapOf = (row: Pick<TransactionRow, "swap">): PaymentInfo["swap"] =>
  row.swap ? { type: row.swap.type, token: row.swap.token, ...(row.swap.bridgeChainSymbol !== undefined && { bridgeChainSymbol: row.swap.bridgeChainSymbol }) } : null;

export function toTransactionEventData(row: TransactionRow): TransactionEventData {
  return {
    _id: row.id,
    publicId: row.publicId,
    type: row.productType,
    product: row.productId,
    status: row.status,
    failureReason: row.failureReason,
    late: row.late,
    chain: row.chainId,
    token: row.token,
    tokenAddress: row.tokenAddress,
    recipient: row.recipient,
    recipientTokenAccount: row.recipientTokenAccount,
    reference: row.reference,
    memo: row.memo,
    requestedAmount: amount(row.requestedAmount, row),
    receivedAmount: row.receivedAmount === null ? null : amount(row.receivedAmount, row),
    amountMismatch: row.amountMismatch,
    hash: row.signature,
    from: row.payer,
    swap: swapOf(row),
    productInfo: row.productInfo,
    fiatRate: row.fiatRate,
    merchantExtras: row.merchantExtras,
    orderDetails: row.orderDetails ?? null,
    lockedAt: row.lockedAt.toISOString(),
    paidAt: iso(row.paidAt),
    validatedAt: iso(row.validatedAt),
    failedAt: iso(row.failedAt),
    refundedAt: iso(row.refundedAt),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** SPEC §3 Payment info of a product, from its transaction. */
export function toPaymentInfoDto(row: TransactionRow): PaymentInfo {
  return {
    _id: row.id,
    status: row.refundedAt ? "refunded" : row.status,
    requestedAmount: amount(row.requestedAmount, row),
    recievedAmount: row.receivedAmount === null ? null : amount(row.receivedAmount, row),
    chain: row.chainId,
    hash: row.signature,
    scanLink: null,
    payer: row.payer,
    ramp: row.ramp,
    swap: swapOf(row),
    type: row.productType,
    merchantExtras: row.merchantExtras ?? null,
    lockedAt: row.lockedAt.toISOString(),
    paidAt: iso(row.paidAt),
    validatedAt: iso(row.validatedAt),
    failedAt: iso(row.failedAt),
    refundedAt: iso(row.refundedAt),
    refundedAmount: row.refundedAmount.toString(),
    productInfo: row.productInfo ?? null,
    orderDetails: row.orderDetails ?? null,
  };
}
