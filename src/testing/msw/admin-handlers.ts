/**
 * The story server's operator routes (src/server/modules/admin): statistics (any range answers
 * `adminStats` with that range; clear-cache marks them fresh), every merchant's inflows with the
 * Map of the merchant's own page, billing rows and billing.csv. Refused without `admin_stats`.
 */
import type { AdminUnmappedInflowDto } from "@/lib/admin-stats";
import type { PaymentInfoDto } from "@/lib/transaction-details";
import { requireMerchant } from "./auth-handlers";
import { STORY_NOW } from "./fixtures";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

function requireAdmin(request: Request): void {
  const merchant = requireMerchant(request);
  if (!merchant.settings.permissions.includes("admin_stats")) {
    throw new StoryApiError(403, "permission_denied", "Your account does not have access to this feature");
  }
}

function stats(start: string | null, end: string | null, cached: boolean) {
  if (!storyServer.adminStats) throw new StoryApiError(500, "internal", "Internal server error");
  const range = { start: start ?? storyServer.adminStats.range.start, end: end ?? storyServer.adminStats.range.end };
  return { data: { ...storyServer.adminStats, range, cached } };
}

function findInflow(id: string): AdminUnmappedInflowDto {
  const row = storyServer.adminInflows.find((r) => r._id === id);
  if (!row) throw new StoryApiError(404, "not_found", "No unmapped inflow with this id (already mapped?)");
  return row;
}
const openFor = (inflow: AdminUnmappedInflowDto) => storyServer.openPayments.filter((p) => p.requestedAmount.currency === inflow.amount.currency);

export const adminHandlers = [
  route("get", "/api/admin/production-requests", ({ request }) => {
    requireAdmin(request);
    return { data: storyServer.productionRequests };
  }),
  route("post", "/api/admin/production-requests/:userId/grant", ({ request, params }) => {
    requireAdmin(request);
    const row = storyServer.productionRequests.find((r) => r.userId === params.userId);
    if (!row) throw new StoryApiError(404, "not_found", "Production access request not found");
    const alreadyGranted = row.status === "granted";
    if (!alreadyGranted) Object.assign(row, { status: "granted", grantedAt: STORY_NOW });
    return { data: row, mailed: !alreadyGranted && row.email !== null, alreadyGranted };
  }),
  route("get", "/api/v2/admin-stats/read", ({ request }) => {
    requireAdmin(request);
    const url = new URL(request.url);
    return stats(url.searchParams.get("start"), url.searchParams.get("end"), storyServer.adminStats?.cached ?? false);
  }),
  route("post", "/api/v2/admin-stats/filter", ({ request, body }) => {
    requireAdmin(request);
    return stats(String(body.start), String(body.end), false);
  }),
  route("post", "/api/v2/admin-stats/clear-cache", ({ request }) => {
    requireAdmin(request);
    if (storyServer.adminStats) storyServer.adminStats.cached = false;
    return { success: true, cleared: 1 };
  }),
  route("get", "/api/v2/admin-transactions", ({ request }) => {
    requireAdmin(request);
    return { data: storyServer.adminInflows };
  }),
  route("get", "/api/v2/admin-transactions/:id/payments", ({ request, params }) => {
    requireAdmin(request);
    return { data: openFor(findInflow(String(params.id))) };
  }),
  route("post", "/api/v2/admin-transactions/:id/map", ({ request, params, body }) => {
    requireAdmin(request);
    const inflow = findInflow(String(params.id));
    const payment = openFor(inflow).find((p) => p._id === String(body.paymentId ?? ""));
    if (!payment) throw new StoryApiError(404, "payment_not_found", "Payment not found");
    const info: PaymentInfoDto = {
      _id: payment._id,
      status: "validated",
      requestedAmount: payment.requestedAmount,
      recievedAmount: inflow.amount,
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
    storyServer.adminInflows = storyServer.adminInflows.filter((r) => r._id !== inflow._id);
    storyServer.openPayments = storyServer.openPayments.filter((p) => p._id !== payment._id);
    return { success: true, data: { info } };
  }),
  route("get", "/api/v2/admin-billing", ({ request }) => {
    requireAdmin(request);
    const url = new URL(request.url);
    const from = url.searchParams.get("from") ?? "0000-00";
    const to = url.searchParams.get("to") ?? "9999-99";
    const rows = storyServer.billing.filter((r) => r.month >= from && r.month <= to);
    if (url.searchParams.get("format") !== "csv") return { data: rows };
    const lines = ["Month,Merchant ID,Public key,E-mail,Payments,Volume (USD)", ...rows.map((r) => [r.month, r.merchant._id, r.merchant.publicKey, r.merchant.email ?? "", r.count, r.volume].join(","))];
    return new Response(`${lines.join("\n")}\n`, { headers: { "content-type": "text/csv; charset=utf-8" } });
  }),
];
