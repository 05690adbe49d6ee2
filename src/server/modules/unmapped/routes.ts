import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { requirePermission } from "../../http/permissions";
import { createRouter } from "../../http/router";
import { listUnmapped } from "../../payments/unmapped";
import { PaymentInfoDto, toPaymentInfoDto } from "../../payments/dto";
import { requireMerchant } from "../auth";
import { explorerLinkFor } from "../chains";
import { OpenPaymentDto, UnmappedInflowDto, toOpenPaymentDto, toUnmappedInflowDto, type TokenFacts } from "./dto";
import { findOwnInflow, listOpenPaymentsFor, mapInflow, tokenFacts } from "./service";

const IdParam = z.object({ id: z.string().max(64).openapi({ param: { name: "id", in: "path" }, description: "The unmapped inflow's `_id`" }) });
const MapBody = z
  .object({ paymentId: z.string().max(64).openapi({ description: "The `_id` of one of the merchant's open payments" }) })
  .openapi("MapUnmappedRequest");

const common = { tags: ["Unmapped"], security: [{ bearer: [] }] };

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/v2/unmapped",
  summary: "Money that reached the merchant without paying any payment, newest first",
  description:
    "Transfers into the merchant's receiving accounts that no payment was credited with (found by the receiving-account scan). Permission `mapped`.",
  responses: { 200: { description: "Unmapped inflows", content: json(z.object({ data: z.array(UnmappedInflowDto) })) }, ...errorResponses(401, 403) },
});

const openPaymentsRoute = createRoute({
  ...common,
  method: "get",
  path: "/v2/unmapped/{id}/payments",
  summary: "The merchant's payments this inflow may be mapped to",
  description: "Still unpaid (initiated, or failed expired/underpaid) on the same chain, token and receiving account; newest first.",
  request: { params: IdParam },
  responses: { 200: { description: "Open payments", content: json(z.object({ data: z.array(OpenPaymentDto) })) }, ...errorResponses(401, 403, 404) },
});

const mapRoute = createRoute({
  ...common,
  method: "post",
  path: "/v2/unmapped/{id}/map",
  summary: "Credit an unmapped inflow to one of the merchant's open payments",
  description:
    "The payment rules then apply as for any payment (paid/validated, late, screening, webhooks). The inflow leaves the list; an inflow is credited once, ever (409 `already_mapped`). Only the owner of the address the money reached may map it: a merchant who shares the address with another without having proved it (signed with its wallet) is refused with 409 `address_not_proven`.",
  request: { params: IdParam, body: { content: json(MapBody), required: true } },
  responses: {
    200: { description: "The payment after the credit", content: json(z.object({ success: z.boolean(), data: z.object({ info: PaymentInfoDto }) })) },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function unmappedRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/v2/unmapped", requireMerchant(db), requirePermission("mapped"));
  router.use("/v2/unmapped/*", requireMerchant(db), requirePermission("mapped"));

  return router
    .openapi(listRoute, async (c) => {
      const rows = await listUnmapped(db, c.var.user.id);
      const tokens = new Map<string, TokenFacts>();
      const data = [];
      for (const row of rows) {
        const key = `${row.chainId}/${row.tokenAddress}`;
        let token = tokens.get(key);
        if (!token) tokens.set(key, (token = await tokenFacts(deps, db, row.chainId, row.tokenAddress)));
        data.push(toUnmappedInflowDto(row, token, explorerLinkFor(deps, row.chainId, row.signature)));
      }
      return c.json({ data }, 200);
    })
    .openapi(openPaymentsRoute, async (c) => {
      const inflow = await findOwnInflow(db, c.var.user.id, c.req.valid("param").id);
      const rows = await listOpenPaymentsFor(db, c.var.user.id, inflow);
      return c.json({ data: rows.map(toOpenPaymentDto) }, 200);
    })
    .openapi(mapRoute, async (c) => {
      const row = await mapInflow(deps, c.var.user.id, c.req.valid("param").id, c.req.valid("json").paymentId);
      const info = toPaymentInfoDto(row);
      if (info.hash) info.scanLink = explorerLinkFor(deps, info.chain, info.hash) ?? null;
      return c.json({ success: true, data: { info } }, 200);
    });
}
