import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { RouteCallDtoSchema, RunBody, SettlementDtoSchema, UnsettledDtoSchema } from "./dto";
import { buildRouteCall, readHistory, readUnsettled } from "./service";

const common = { tags: ["Settlements"], security: [{ bearer: [] }] };
const EmptyBody = z.object({}).passthrough().openapi("SettlementsReadRequest");

const unsettledRoute = createRoute({
  ...common,
  method: "post",
  path: "/v2/settlements/read-unsettled",
  summary: "What the merchant's route contract holds, per token",
  description:
    "Non-custodial merchants (EVM): the route's balance of each stablecoin of its chain, read from the chain now, with its owner and settlement address. `route` is null for a merchant without a route. `earlierRoutes` are the routes of EVM wallets the merchant replaced, with what they still hold: only their owner (the replaced wallet) can settle them.",
  request: { body: { content: json(EmptyBody), required: false } },
  responses: { 200: { description: "Balances", content: json(z.object({ data: UnsettledDtoSchema })) }, ...errorResponses(401, 403, 503) },
});

const historyRoute = createRoute({
  ...common,
  method: "post",
  path: "/v2/settlements/read-history",
  summary: "The route's settlements, newest first",
  description:
    "Every `Settled` event of the merchant's route contracts (the current one and earlier ones, each event naming its `route`), read from the chain: the first read goes from each route's deployment block, later ones read only the blocks after the last one read (the events read so far are kept, and read again from the deployment block if that block was replaced by a reorganization). Empty without a route.",
  request: { body: { content: json(EmptyBody), required: false } },
  responses: { 200: { description: "Settlements", content: json(z.object({ data: z.array(SettlementDtoSchema) })) }, ...errorResponses(401, 403, 503) },
});

const runRoute = createRoute({
  ...common,
  method: "post",
  path: "/v2/settlements/run",
  summary: "The route call for the merchant's wallet to send",
  description:
    "Builds the transaction (route address and calldata) for `settle`, `updateSettlementAddress`, `addWhitelist` or `removeWhitelist`, on the current route or on the earlier one named by `route` (404 `route_not_found` for a route that is not the merchant's). zpay holds no key: `from` is the route's owner as the contract says now (the merchant's wallet unless ownership moved on chain; 409 `route_without_owner` when it was renounced), and that wallet signs and sends it. A settle is checked against the chain first (token, balance, recipient whitelisted or the settlement address: 422 `not_whitelisted`); the contract refuses the same on chain.",
  request: { body: { content: json(RunBody), required: true } },
  responses: {
    200: { description: "The transaction to send", content: json(z.object({ data: RouteCallDtoSchema })) },
    ...errorResponses(400, 401, 403, 404, 409, 422, 503),
  },
});

export function settlementRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/v2/settlements/*", requireMerchant(db));
  return router
    .openapi(unsettledRoute, async (c) => c.json({ data: await readUnsettled(deps, c.var.user.id) }, 200))
    .openapi(historyRoute, async (c) => c.json({ data: await readHistory(deps, c.var.user.id) }, 200))
    .openapi(runRoute, async (c) => {
      const body = c.req.valid("json");
      const call = await buildRouteCall(deps, c.var.user.id, body);
      c.var.log.info({ userId: c.var.user.id, action: body.action, chainId: call.chain }, "route call built");
      return c.json({ data: call }, 200);
    });
}
