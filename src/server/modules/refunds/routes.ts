import { createRoute, z } from "@hono/zod-openapi";
import { REFUND_MESSAGES } from "@/lib/refund";
import type { AppDeps } from "../../deps";
import type { UserRow } from "../../db/schema";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { assertPermission } from "../../http/permissions";
import { createRouter } from "../../http/router";
import { enqueueWebhookEvents } from "../../jobs/webhooks";
import { confirmIfOnChain } from "../../payments/refund-confirmation";
import { cancelRefund, findOwnRefund, loadRefundable, markRefundSent, startRefund, type RefundSubject } from "../../payments/refunds";
import { requireMerchant } from "../auth";
import { RefundBalanceDto, RefundInstructionDto } from "./dto";
import { merchantBalance, toApiError, toBalanceDto, toInstructionDto } from "./service";

const id = z.string().max(64);
const SubjectBody = z
  .object({
    paymentId: id.optional().openapi({ description: "The payment's `_id` (payment info)" }),
    unmappedId: id.optional().openapi({ description: "An unmapped transfer's `_id`" }),
  })
  .openapi("RefundSubject");
const InitBody = SubjectBody.extend({
  refundAmount: z
    .string()
    .max(80)
    .regex(/^\d+$/, REFUND_MESSAGES.badAmount)
    .optional()
    .openapi({ description: "Partial refund, in the token's smallest unit; all the destination may still get when absent", example: "6250000" }),
  to: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .openapi({
      description:
        "The wallet to refund: one of the refund balance's `senders` (422 `not_a_sender` otherwise), refunded at most its `available` (409 `above_available`, or `sender_refunded` when it got everything back). The default destination (`to` of the refund balance) when absent",
    }),
}).openapi("RefundInitRequest");
const SentBody = z.object({ signature: z.string().min(1).max(128).openapi({ description: "The transfer's signature as the wallet answered it" }) }).openapi("RefundSentRequest");
const RefundIdParam = z.object({ id: id.openapi({ param: { name: "id", in: "path" }, description: "The refund's id (`refundId`)" }) });

const common = { tags: ["Refunds"], security: [{ bearer: [] }] };
const Balance = z.object({ success: z.boolean(), error: z.string().nullable(), data: RefundBalanceDto });
const RefundState = z.object({ success: z.boolean(), data: z.object({ refundId: z.string(), status: z.enum(["requested", "sent", "confirmed", "failed"]) }) });

const feasibilityRoute = createRoute({
  ...common,
  method: "post",
  path: "/v2/refunds/feasibility",
  summary: "What can still be refunded, and the merchant wallet's balance of the token",
  description:
    "Another merchant's payment answers 404 'Transaction not found'. An unmapped transfer needs the `mapped` permission (as `/v2/unmapped`): without it, 403 `permission_denied`.",
  request: { body: { content: json(SubjectBody), required: true } },
  responses: { 200: { description: "Refund balance data", content: json(Balance) }, ...errorResponses(400, 401, 403, 404, 409) },
});
const checkRoute = createRoute({
  ...feasibilityRoute,
  path: "/check-for-payment",
  summary: "SPEC §7 check-for-payment: the same as /v2/refunds/feasibility for a payment",
});
const initRoute = createRoute({
  ...common,
  method: "post",
  path: "/v2/refunds/init",
  summary: "Start a refund; answers what the merchant's wallet must sign",
  description:
    "The refund goes to `to` (one of the payment's senders) or, by default, to the wallet that sent the most; never more than that wallet sent, less what it already got back (409 `above_available`). Refunds started at once are checked one after the other. The refund is confirmed when its transfer is seen on chain, then `payment.refunded` is sent. An unmapped transfer needs the `mapped` permission (403 `permission_denied` without it).",
  request: { body: { content: json(InitBody), required: true } },
  responses: { 201: { description: "Started", content: json(z.object({ success: z.boolean(), data: RefundInstructionDto })) }, ...errorResponses(400, 401, 403, 404, 409, 422) },
});
const sentRoute = createRoute({
  ...common,
  method: "post",
  path: "/v2/refunds/{id}/sent",
  summary: "The wallet sent the refund: look for it on chain and confirm it",
  description:
    "Answers the refund's status; call again while it is `sent` (the chain has not shown it yet). The signature (EVM: the transaction hash) is only a hint: the refund is confirmed when the chain shows a transfer carrying its reference, from the merchant's wallet to the payer, of that token and amount.",
  request: { params: RefundIdParam, body: { content: json(SentBody), required: true } },
  responses: { 200: { description: "The refund's status", content: json(RefundState) }, ...errorResponses(400, 401, 404) },
});
const cancelRoute = createRoute({
  ...common,
  method: "post",
  path: "/v2/refunds/{id}/cancel",
  summary: "The wallet refused to sign: the refund's amount is refundable again",
  description: "Only a refund nothing was sent for yet (`requested`).",
  request: { params: RefundIdParam },
  responses: { 200: { description: "The refund's status", content: json(RefundState) }, ...errorResponses(401, 404, 409) },
});

export function refundRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  for (const path of ["/v2/refunds/*", "/check-for-payment"]) router.use(path, requireMerchant(db));

  /** The refund's subject; an unmapped inflow needs the `mapped` permission, as the Unmapped screen does. */
  const subjectOf = (user: UserRow, body: z.infer<typeof SubjectBody>): RefundSubject => {
    if ((body.paymentId === undefined) === (body.unmappedId === undefined)) throw new ApiError(400, "invalid_request", REFUND_MESSAGES.oneSubject);
    if (body.paymentId !== undefined) return { userId: user.id, paymentId: body.paymentId };
    assertPermission(user, "mapped");
    return { userId: user.id, unmappedId: body.unmappedId! };
  };
  const rethrow = (err: unknown): never => {
    throw toApiError(err);
  };
  const ownRefund = async (userId: string, refundId: string) => {
    const refund = await findOwnRefund(db, userId, refundId);
    if (!refund) throw new ApiError(404, "refund_not_found", REFUND_MESSAGES.refundNotFound);
    return refund;
  };
  const feasibility = async (user: UserRow, body: z.infer<typeof SubjectBody>, log: AppDeps["log"]) => {
    const refundable = await loadRefundable(db, subjectOf(user, body)).catch(rethrow);
    return { success: true, error: null, data: toBalanceDto(refundable, await merchantBalance(deps.chains, refundable, log)) };
  };

  return router
    .openapi(feasibilityRoute, async (c) => c.json(await feasibility(c.var.user, c.req.valid("json"), c.var.log), 200))
    .openapi(checkRoute, async (c) => c.json(await feasibility(c.var.user, c.req.valid("json"), c.var.log), 200))
    .openapi(initRoute, async (c) => {
      const user = c.var.user;
      const body = c.req.valid("json");
      const subject = subjectOf(user, body);
      const amount = body.refundAmount === undefined ? undefined : BigInt(body.refundAmount);
      const { refund, refundable } = await startRefund(db, subject, amount, body.to).catch(rethrow);
      c.var.log.info({ userId: user.id, refundId: refund.id, amount: refund.amount.toString(), to: refund.destinationOwner }, "refund requested");
      return c.json({ success: true, data: toInstructionDto(refund, refundable, deps.chains) }, 201);
    })
    .openapi(sentRoute, async (c) => {
      const refund = await ownRefund(c.var.user.id, c.req.valid("param").id);
      const { signature } = c.req.valid("json");
      await markRefundSent(db, refund, signature);
      const { confirmed, eventIds } = await confirmIfOnChain(db, deps.chains, refund, new Date(), signature);
      if (eventIds.length) await enqueueWebhookEvents(deps.queue, eventIds, c.var.log);
      if (confirmed) c.var.log.info({ refundId: refund.id }, "refund confirmed on chain");
      const status = confirmed ? "confirmed" : refund.status === "requested" ? "sent" : refund.status;
      return c.json({ success: true, data: { refundId: refund.id, status } }, 200);
    })
    .openapi(cancelRoute, async (c) => {
      const refund = await ownRefund(c.var.user.id, c.req.valid("param").id);
      if (!(await cancelRefund(db, refund))) throw new ApiError(409, "refund_sent", "This refund was already sent");
      return c.json({ success: true, data: { refundId: refund.id, status: "failed" as const } }, 200);
    });
}
