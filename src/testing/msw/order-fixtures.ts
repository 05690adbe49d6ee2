/** Stories only: sample orders (GET /transactions rows), newest first, one of each product type. */
import type { OrderDto } from "@/lib/order-types";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import { completedPayment, failedPayment, verifyingSwapPayment } from "./fixtures";

const order = (id: string, payment: PaymentInfoDto, type: string, orderId: string, createdAt: string, productLabel: string | null = null, payerEmail: string | null = null): OrderDto => ({
  ...payment,
  _id: id,
  type,
  orderId,
  createdAt,
  lockedAt: createdAt,
  productLabel,
  payerEmail,
});

export const sampleOrders: OrderDto[] = [
  order("o1", completedPayment, "quick-pay", "Zl7Hq2kZr9Xb", "2026-11-05T11:40:00.000Z", "Coffee beans"),
  order("o2", verifyingSwapPayment, "collect", "Rq3fGtYw8LpQ", "2026-11-05T10:05:00.000Z", "Design workshop, March", "ada@example.com"),
  order("o3", failedPayment, "dynamic", "Ap9KmNb4VcXz", "2026-11-05T08:30:00.000Z"),
  order("o4", completedPayment, "bill", "Bi2WxEr5TyUi", "2026-11-04T22:10:00.000Z", "ZSH-0042", "billing@northwind.example"),
  order("o5", completedPayment, "invoice", "Iv8PoIu7YtRe", "2026-11-04T18:00:00.000Z", "ZSH-0043"),
  order("o6", verifyingSwapPayment, "product", "Ct4AsDf6GhJk", "2026-11-04T15:45:00.000Z", "Sunrise Coffee order"),
  order("o7", completedPayment, "donate", "Dn5ZxCv7BnMl", "2026-11-04T12:20:00.000Z", "Community garden"),
];

/** A zLink paid in part (initiated, 9 of 12.5 USDC in, still open): "Partly paid" (issue 28). */
export const partlyPaidOrder: OrderDto = {
  ...order("o10", completedPayment, "quick-pay", "Zl8PpQr2St3U", "2026-11-05T11:55:00.000Z", "Coffee beans"),
  status: "initiated",
  recievedAmount: { ...completedPayment.requestedAmount, value: "9000000" },
  paidAt: null,
  validatedAt: null,
};
