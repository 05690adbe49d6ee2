import { createRoute, z } from "@hono/zod-openapi";
import { isCursor, isTimeZone, ORDERS_PAGE_SIZE, parseFilters, type PageCursor } from "@/lib/transaction-filters";
import type { Context } from "hono";
import { PRODUCT_TYPES } from "@/lib/product-types";
import type { AppDeps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { explorerLinkFor } from "../chains";
import { transactionsCsv } from "./csv";
import { listPayers } from "./customers";
import { OrdersPage, toOrderDto } from "./dto";
import { rowLabelsOf } from "./row-labels";
import { listTransactionsPage } from "./list";
import type { Direction, ListScope } from "./query";

const text = (description: string, example?: string) => z.string().max(1000).optional().openapi({ description, example });

const FilterQuery = z.object({
  filterText: text("Searched in filterFields: name and email contain it (any case), hash and order_id equal it"),
  filterFields: text("Comma-separated: name, email, hash, order_id (default hash,order_id)", "hash,order_id"),
  txStatus: text(
    "Comma-separated: initiated, partly_paid (initiated with less than asked already in, still open), paid, validated, failed (default failed,validated,paid,partly_paid)",
    "failed,validated,paid,partly_paid",
  ),
  timeStart: text("First day, dd/MM/yyyy (default yesterday)", "23/11/2026"),
  timeEnd: text("Last day included, dd/MM/yyyy (default today)", "24/11/2026"),
  minAmount: text("Smallest requested amount, decimal in the token's units", "1"),
  maxAmount: text("Largest requested amount, decimal in the token's units", "100"),
  tz: text("IANA time zone the days are read in (default UTC)", "Europe/Paris"),
  type: z.enum(PRODUCT_TYPES).optional().openapi({ description: "Only this product type (e.g. dynamic: the zAPI's payments); every type when absent", example: "dynamic" }),
  limit: text(`Rows per page, 1 to 100 (default ${ORDERS_PAGE_SIZE}); \`all\` answers transactions.csv of every selected row, streamed`, "10"),
});
const CursorParams = z.object({
  iid: z.string().max(20).openapi({ param: { name: "iid", in: "path" }, description: "The cursor row's created_at in microseconds" }),
  tid: z.string().max(64).openapi({ param: { name: "tid", in: "path" }, description: "The cursor row's `_id`" }),
});

const common = { tags: ["Orders"], security: [{ bearer: [] }] };
const pageResponses = {
  200: {
    description: "A page, newest first (order: created_at DESC, id DESC); with `limit=all`, transactions.csv",
    content: { ...json(OrdersPage), "text/csv": { schema: z.string() } },
  },
  ...errorResponses(400, 401),
};
const description =
  "Keyset paging: `next` and `prev` are the cursors of the last and first rows, null at either end; the following page is " +
  "`/transactions/next/{iid}/{tid}`, the previous `/transactions/prev/{iid}/{tid}`. Rows inserted meanwhile never shift the pages after a cursor.";

const listRoute = createRoute({ ...common, method: "get", path: "/transactions", summary: "The merchant's transactions, filtered (first page)", description, request: { query: FilterQuery }, responses: pageResponses });
const pageRoute = (direction: Direction) =>
  createRoute({
    ...common,
    method: "get",
    path: `/transactions/${direction}/{iid}/{tid}`,
    summary: direction === "next" ? "The page after a cursor" : "The page before a cursor",
    description,
    request: { query: FilterQuery, params: CursorParams },
    responses: pageResponses,
  });
const allDescription =
  "Any status, any date: the same page shape as /transactions; `limit=all` streams the CSV. Keyset paging as /transactions, " +
  "through its own routes (no filter applies): the following page is `/all-transactions/next/{iid}/{tid}`, the previous `/all-transactions/prev/{iid}/{tid}`.";
const AllQuery = z.object({ limit: FilterQuery.shape.limit });
const allRoute = createRoute({
  ...common,
  method: "get",
  path: "/all-transactions",
  summary: "Every transaction of the merchant, unfiltered (first page)",
  description: allDescription,
  request: { query: AllQuery },
  responses: pageResponses,
});
const allPageRoute = (direction: Direction) =>
  createRoute({
    ...common,
    method: "get",
    path: `/all-transactions/${direction}/{iid}/{tid}`,
    summary: direction === "next" ? "Every transaction, unfiltered: the page after a cursor" : "Every transaction, unfiltered: the page before a cursor",
    description: allDescription,
    request: { query: AllQuery, params: CursorParams },
    responses: pageResponses,
  });
const customersRoute = createRoute({
  ...common,
  method: "get",
  path: "/customers",
  summary: "The wallets that paid the merchant",
  description: "Each paying wallet with its chain, how many payments it made (paid or validated) and when it last paid; most recent first, at most 100.",
  responses: {
    200: {
      description: "Payers",
      content: json(z.object({ data: z.array(z.object({ payer: z.string(), chain: z.number().int(), payments: z.number().int(), lastPaidAt: z.string() })) })),
    },
    ...errorResponses(401),
  },
});

type Query = z.infer<typeof FilterQuery>;

export function transactionRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  for (const path of ["/transactions", "/transactions/*", "/all-transactions", "/all-transactions/*", "/customers"]) router.use(path, requireMerchant(db));

  /** Validates what zod cannot say well (dates, lists, amounts) with one message per problem. */
  const scopeOf = (userId: string, queries: (name: string) => string[], q: Query, unfiltered: boolean): ListScope => {
    const timeZone = q.tz || "UTC";
    if (!isTimeZone(timeZone)) throw new ApiError(400, "invalid_filters", `Unknown time zone '${timeZone}'`, [{ path: "tz", message: `Unknown time zone '${timeZone}'` }]);
    if (unfiltered) return { userId, filters: null, timeZone };
    const parsed = parseFilters(queries, new Date(), timeZone);
    if (!parsed.ok) throw new ApiError(400, "invalid_filters", parsed.problems[0].message, parsed.problems);
    return { userId, filters: parsed.filters, timeZone, productType: q.type };
  };
  const sizeOf = (limit: string | undefined): number | "all" => {
    if (limit === undefined || limit === "") return ORDERS_PAGE_SIZE;
    if (limit === "all") return "all";
    const n = Number(limit);
    if (!/^\d+$/.test(limit) || n < 1 || n > 100) throw new ApiError(400, "invalid_filters", "limit must be a whole number from 1 to 100, or all", [{ path: "limit", message: "limit must be a whole number from 1 to 100, or all" }]);
    return n;
  };

  const answer = async (c: Context<AppEnv>, q: Query, cursor: PageCursor | null, direction: Direction, unfiltered = false) => {
    const scope = scopeOf(c.var.user.id, (n) => c.req.queries(n) ?? [], q, unfiltered);
    const size = sizeOf(q.limit);
    if (size === "all") {
      c.set("streamed", true);
      return c.body(transactionsCsv(deps.database, scope), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="transactions.csv"',
        "cache-control": "no-store",
      });
    }
    const page = await listTransactionsPage(db, scope, cursor, direction, size);
    const labels = await rowLabelsOf(db, c.var.user.id, page.rows.map((r) => r.id));
    const list = page.rows.map((r) => toOrderDto(r, r.signature ? (explorerLinkFor(deps, r.chainId, r.signature) ?? null) : null, labels.get(r.id)));
    return c.json({ data: { table: { list, next: page.next, prev: page.prev } } }, 200);
  };
  const cursorOf = (p: { iid: string; tid: string }): PageCursor => {
    if (!isCursor(p.iid, p.tid)) throw new ApiError(400, "invalid_cursor", "This page link is not valid: start again from the first page");
    return { iid: p.iid, tid: p.tid.toLowerCase() };
  };

  return router
    .openapi(listRoute, (c) => answer(c, c.req.valid("query"), null, "next"))
    .openapi(pageRoute("next"), (c) => answer(c, c.req.valid("query"), cursorOf(c.req.valid("param")), "next"))
    .openapi(pageRoute("prev"), (c) => answer(c, c.req.valid("query"), cursorOf(c.req.valid("param")), "prev"))
    .openapi(allRoute, (c) => answer(c, c.req.valid("query"), null, "next", true))
    .openapi(allPageRoute("next"), (c) => answer(c, c.req.valid("query"), cursorOf(c.req.valid("param")), "next", true))
    .openapi(allPageRoute("prev"), (c) => answer(c, c.req.valid("query"), cursorOf(c.req.valid("param")), "prev", true))
    .openapi(customersRoute, async (c) => c.json({ data: await listPayers(db, c.var.user.id) }, 200));
}
