/**
 * The story server's Unmapped routes (src/server/modules/unmapped): the list, the open payments an
 * inflow may pay (same token here), and the map that credits one, answers the payment validated and
 * drops the inflow from the list. Refused without the `mapped` permission, like the server.
 */
import type { PaymentInfoDto } from "@/lib/transaction-details";
import type { UnmappedInflowDto } from "@/lib/unmapped";
import { requireMerchant } from "./auth-handlers";
import { STORY_NOW } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

function requireMapped(request: Request): void {
  const merchant = requireMerchant(request);
  if (!merchant.settings.permissions.includes("mapped")) {
    throw new StoryApiError(403, "permission_denied", "Your account does not have access to this feature");
  }
}

function findOwn(id: string): UnmappedInflowDto {
  const row = storyServer.unmapped.find((r) => r._id === id);
  if (!row) throw new StoryApiError(404, "not_found", "This inflow is not in your unmapped list (already mapped, or not yours)");
  return row;
}

const openFor = (inflow: UnmappedInflowDto) => storyServer.openPayments.filter((p) => p.requestedAmount.currency === inflow.amount.currency);

export const unmappedHandlers = [
  route("get", "/api/v2/unmapped", ({ request }) => {
    requireMapped(request);
    return { data: storyServer.unmapped };
  }),
  route("get", "/api/v2/unmapped/:id/payments", ({ request, params }) => {
    requireMapped(request);
    return { data: openFor(findOwn(String(params.id))) };
  }),
  route("post", "/api/v2/unmapped/:id/map", ({ request, params, body }) => {
    requireMapped(request);
    const inflow = findOwn(String(params.id));
    const paymentId = String((body as { paymentId?: unknown }).paymentId ?? "");
    const payment = openFor(inflow).find((p) => p._id === paymentId);
    if (!payment) throw new StoryApiError(404, "payment_not_found", "Payment not found");
    const received = BigInt(payment.recievedAmount?.value ?? "0") + BigInt(inflow.amount.value);
    const info: PaymentInfoDto = {
      _id: payment._id,
      status: received >= BigInt(payment.requestedAmount.value) ? "validated" : "initiated",
      requestedAmount: payment.requestedAmount,
      recievedAmount: { ...payment.requestedAmount, value: received.toString() },
      chain: inflow.chain,
      hash: inflow.hash,
      scanLink: inflow.scanLink,
      payer: inflow.sender,
      ramp: false,
      swap: null,
      type: payment.type,
      merchantExtras: null,
      lockedAt: payment.lockedAt,
      paidAt: STORY_NOW,
      validatedAt: STORY_NOW,
      failedAt: null,
      refundedAt: null,
      refundedAmount: "0",
      productInfo: null,
    };
    storyServer.unmapped = storyServer.unmapped.filter((r) => r._id !== inflow._id);
    storyServer.openPayments = storyServer.openPayments.filter((p) => p._id !== payment._id);
    return { success: true, data: { info } };
  }),
];
