import { z } from "@hono/zod-openapi";
import type { OrderDto as Order } from "@/lib/order-types";
import type { TransactionRow } from "../../db/schema";
import { PaymentInfoDto, toPaymentInfoDto } from "../../payments/dto";
import type { RowLabels } from "./row-labels";

export const CursorDto = z
  .object({
    iid: z.string().openapi({ description: "created_at in microseconds since 1970", example: "1795000000123456" }),
    tid: z.string().openapi({ description: "The transaction's `_id`" }),
  })
  .openapi("PageCursor");

export const OrderDto = PaymentInfoDto.extend({
  orderId: z.string().openapi({ description: "A platform's order id, else the payment's public id" }),
  createdAt: z.string(),
  productLabel: z.string().nullable().openapi({
    description: "The product's own name: a zLink's, zCart's or donation page's label, a zRequest's description, an invoice's number; null for zAPI payments",
    example: "Coffee beans",
  }),
  payerEmail: z.string().nullable().openapi({ description: "The payer's e-mail where the product knows it (a zRequest's addressee, an invoice's Bill To)" }),
}).openapi("Order");

export const OrdersPage = z
  .object({ data: z.object({ table: z.object({ list: z.array(OrderDto), next: CursorDto.nullable(), prev: CursorDto.nullable() }) }) })
  .openapi("OrdersPage");

export function toOrderDto(row: TransactionRow, scanLink: string | null, labels: RowLabels = { productLabel: null, payerEmail: null }): Order & Required<Pick<Order, "productLabel" | "payerEmail">> {
  return {
    ...toPaymentInfoDto(row),
    scanLink,
    orderId: row.merchantExtras?.orderId ?? row.publicId,
    createdAt: row.createdAt.toISOString(),
    productLabel: labels.productLabel,
    payerEmail: labels.payerEmail,
  } satisfies Order;
}
