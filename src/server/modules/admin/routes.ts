import { createRoute, z } from "@hono/zod-openapi";
import {
  ADMIN_BILLING_MAX_MONTHS,
  ADMIN_STATS_DEFAULT_DAYS,
  ADMIN_STATS_MAX_DAYS,
  checkMonthRange,
  checkStatsRange,
  lastDays,
  lastMonths,
  type MonthRange,
  type RangeError,
  type StatsRange,
} from "@/lib/admin-stats";
import type { AppDeps } from "../../deps";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requirePermission } from "../../http/permissions";
import { createRouter } from "../../http/router";
import { PaymentInfoDto, toPaymentInfoDto } from "../../payments/dto";
import { requireMerchant } from "../auth";
import { explorerLinkFor } from "../chains";
import { OpenPaymentDto, toOpenPaymentDto, toUnmappedInflowDto, type TokenFacts, tokenFacts } from "../unmapped";
import { billingCsv, billingRows } from "./billing";
import { AdminStatsDto, AdminUnmappedInflowDto, BillingRowDto, MonthQuery, RangeBody, RangeQuery, toAdminStatsDto, toBillingRowDto } from "./dto";
import { clearAdminStats, readAdminStats, refreshAdminStats } from "./stats-cache";
import { listAllUnmapped, listOpenPaymentsForInflow, mapInflowAsOperator } from "./unmapped";

/** Default billing export: the current month and the 11 before. */
const BILLING_DEFAULT_MONTHS = 12;

const RANGE_MESSAGES: Record<RangeError, string> = {
  invalid: "Dates must be real days written yyyy-MM-dd (months yyyy-MM)",
  order: "The range must start on or before its end",
  tooLong: `A range covers at most ${ADMIN_STATS_MAX_DAYS} days (billing: ${ADMIN_BILLING_MAX_MONTHS} months)`,
};

function checked<T>(range: T, check: (r: T) => RangeError | null): T {
  const error = check(range);
  if (error) throw new ApiError(400, "invalid_range", RANGE_MESSAGES[error]);
  return range;
}

const statsRange = (q: Partial<StatsRange>): StatsRange => {
  const fallback = lastDays(ADMIN_STATS_DEFAULT_DAYS);
  return checked({ start: q.start ?? fallback.start, end: q.end ?? fallback.end }, checkStatsRange);
};
const monthRange = (q: { from?: string; to?: string }): MonthRange => {
  const fallback = lastMonths(BILLING_DEFAULT_MONTHS);
  return checked({ from: q.from ?? fallback.from, to: q.to ?? fallback.to }, checkMonthRange);
};

const stats = { tags: ["Admin"], security: [{ bearer: [] }] };
const permissionNote = " Permission `admin_stats` (403 without it).";
const statsResponse = { 200: { description: "Statistics", content: json(z.object({ data: AdminStatsDto })) }, ...errorResponses(400, 401, 403) };

const readRoute = createRoute({
  ...stats,
  method: "get",
  path: "/v2/admin-stats/read",
  summary: "Operator statistics over a range of UTC days, from the statistics cache",
  description: `Every merchant together: merchants, payments by status and chain, paid volume (USD) per day. Served from the cache kept in the database when this range was computed before (\`cached: true\`; a range reaching today for 5 minutes), else computed and kept. Default: the last ${ADMIN_STATS_DEFAULT_DAYS} days.${permissionNote}`,
  request: { query: RangeQuery },
  responses: statsResponse,
});
const filterRoute = createRoute({
  ...stats,
  method: "post",
  path: "/v2/admin-stats/filter",
  summary: "Operator statistics over a chosen range, computed now",
  description: `Computes the range afresh (aggregate queries) and replaces what the cache kept for it. At most ${ADMIN_STATS_MAX_DAYS} days.${permissionNote}`,
  request: { body: { content: json(RangeBody), required: true } },
  responses: statsResponse,
});
const clearRoute = createRoute({
  ...stats,
  method: "post",
  path: "/v2/admin-stats/clear-cache",
  summary: "Forget every cached statistic",
  description: `The next read of any range computes it again (for every app process: the cache is a database table).${permissionNote}`,
  responses: { 200: { description: "Cleared", content: json(z.object({ success: z.boolean(), cleared: z.number().int() })) }, ...errorResponses(401, 403) },
});

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, description: "The unmapped inflow's `_id`" }) });
const inflowsRoute = createRoute({
  ...stats,
  method: "get",
  path: "/v2/admin-transactions",
  summary: "Unmapped inflows of every merchant, newest first",
  description: `Money that reached a merchant without paying any payment, with whose it is (at most 200).${permissionNote}`,
  responses: { 200: { description: "Inflows", content: json(z.object({ data: z.array(AdminUnmappedInflowDto) })) }, ...errorResponses(401, 403) },
});
const inflowPaymentsRoute = createRoute({
  ...stats,
  method: "get",
  path: "/v2/admin-transactions/{id}/payments",
  summary: "The open payments of the inflow's merchant it may be mapped to",
  description: `As the merchant's own Map dialog: still unpaid, same chain, token and receiving account.${permissionNote}`,
  request: { params: IdParam },
  responses: { 200: { description: "Open payments", content: json(z.object({ data: z.array(OpenPaymentDto) })) }, ...errorResponses(401, 403, 404) },
});
const mapRoute = createRoute({
  ...stats,
  method: "post",
  path: "/v2/admin-transactions/{id}/map",
  summary: "Map an unmapped inflow to one of its merchant's open payments",
  description: `Exactly the merchant's Map (payment rules, webhooks, credited once: 409 \`already_mapped\`); a payment of another merchant answers 404.${permissionNote}`,
  request: { params: IdParam, body: { content: json(z.object({ paymentId: z.string().max(64) })), required: true } },
  responses: {
    200: { description: "The payment after the credit", content: json(z.object({ success: z.boolean(), data: z.object({ info: PaymentInfoDto }) })) },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const billingRoute = createRoute({
  ...stats,
  method: "get",
  path: "/v2/admin-billing",
  summary: "Paid volume per merchant per month",
  description: `UTC months of payment, from and to included (default the last ${BILLING_DEFAULT_MONTHS}, at most ${ADMIN_BILLING_MAX_MONTHS}); \`format=csv\` answers billing.csv.${permissionNote}`,
  request: { query: MonthQuery },
  responses: {
    200: { description: "Rows by month, largest volume first", content: { ...json(z.object({ data: z.array(BillingRowDto) })), "text/csv": { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

/** The operator pages' API (/admin-stats, /admin-transactions, /admin-billing): permission `admin_stats` on every route. */
export function adminRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  for (const path of ["/v2/admin-stats/*", "/v2/admin-transactions", "/v2/admin-transactions/*", "/v2/admin-billing"]) {
    router.use(path, requireMerchant(db), requirePermission("admin_stats"));
  }

  return router
    .openapi(readRoute, async (c) => c.json({ data: toAdminStatsDto(await readAdminStats(db, statsRange(c.req.valid("query")))) }, 200))
    .openapi(filterRoute, async (c) => c.json({ data: toAdminStatsDto(await refreshAdminStats(db, statsRange(c.req.valid("json")))) }, 200))
    .openapi(clearRoute, async (c) => c.json({ success: true, cleared: await clearAdminStats(db) }, 200))
    .openapi(inflowsRoute, async (c) => {
      const tokens = new Map<string, TokenFacts>();
      const data = [];
      for (const { inflow, merchant } of await listAllUnmapped(db)) {
        const key = `${inflow.chainId}/${inflow.tokenAddress}`;
        let token = tokens.get(key);
        if (!token) tokens.set(key, (token = await tokenFacts(deps, db, inflow.chainId, inflow.tokenAddress)));
        data.push({ ...toUnmappedInflowDto(inflow, token, explorerLinkFor(deps, inflow.chainId, inflow.signature)), merchant });
      }
      return c.json({ data }, 200);
    })
    .openapi(inflowPaymentsRoute, async (c) => c.json({ data: (await listOpenPaymentsForInflow(db, c.req.valid("param").id)).map(toOpenPaymentDto) }, 200))
    .openapi(mapRoute, async (c) => {
      const row = await mapInflowAsOperator(deps, c.var.user.id, c.req.valid("param").id, c.req.valid("json").paymentId);
      const info = toPaymentInfoDto(row);
      if (info.hash) info.scanLink = explorerLinkFor(deps, info.chain, info.hash) ?? null;
      return c.json({ success: true, data: { info } }, 200);
    })
    .openapi(billingRoute, async (c) => {
      const query = c.req.valid("query");
      const rows = await billingRows(db, monthRange(query));
      if (query.format === "csv") {
        return c.body(billingCsv(rows), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="billing.csv"' });
      }
      return c.json({ data: rows.map(toBillingRowDto) }, 200);
    });
}
