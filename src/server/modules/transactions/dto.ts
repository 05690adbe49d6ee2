import { z } from "@hono/zod-openapi";
import type { OrderDto as Order } from "@/lib/order-types";
import type { TransactionRow } from "../../db/schema";
import { PaymentInfoDto, toPaymentInfoDto } from "../../payments/dto";

export const CursorDto = z
  .object({
    iid: z.string().openapi({ description: "created_at in microseconds since 1970", example: "1795000000123456" }),
    tid: z.string().openapi({ description: "The transaction's `_id`" }),
  })
  .openapi("PageCursor");

export const OrderDto = PaymentInfoDto.extend({
  orderId: z.string().openapi({ description: "A platform's order id, else the payment's public id" }),
  createdAt: z.string(),
}).openapi("Order");

export const OrdersPage = z
  .object({ data: z.object({ table: z.object({ list: z.array(OrderDto), next: CursorDto.nullable(), prev: CursorDto.nullable() }) }) })
  .openapi("OrdersPage");

export function toOrderDto(row: TransactionRow, scanLink: string | null): Order {
  return {
    ...toPaymentInfoDto(row),
    scanLink,
    orderId: row.merchantExtras?.orderId ?? row.publicId,
    createdAt: row.createdAt.toISOString(),
  } satisfies Order;
}
