import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { errorResponses } from "../../http/openapi";
import { checkWallet } from "./service";

const CheckBody = z
  .object({
    wallet: z.string().trim().min(1).max(128),
    payment: z.string().max(64).optional(),
    order: z.string().max(64).optional(),
    type: z.string().max(32).optional(),
    chain: z.coerce.number().int().optional(),
  })
  .openapi("SanctionCheckRequest");

const Result = z.object({ data: z.object({ passed: z.boolean() }) }).openapi("SanctionCheckResult");

const postRoute = createRoute({
  method: "post",
  path: "/v2/wallet-sanction-status",
  tags: ["Payer"],
  summary: "Check a payer's wallet against the sanctions list",
  description: "`passed` must be true to pay (SPEC §5). 503 when the list cannot be read: never treated as passed.",
  request: {
    query: z.object({ sessionId: z.string().max(128).optional() }),
    body: { content: { "application/json": { schema: CheckBody } }, required: true },
  },
  responses: { 200: { description: "Checked", content: { "application/json": { schema: Result } } }, ...errorResponses(400, 503) },
});

const getRoute = createRoute({
  method: "get",
  path: "/v2/wallet-sanction-status",
  tags: ["Payer"],
  summary: "Check a wallet (query form)",
  request: { query: z.object({ wallet: z.string().trim().min(1).max(128), sessionId: z.string().max(128).optional() }) },
  responses: { 200: { description: "Checked", content: { "application/json": { schema: Result } } }, ...errorResponses(400, 503) },
});

export function sanctionRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(postRoute, (c) => {
      const body = c.req.valid("json");
      const passed = checkWallet(deps, body.wallet);
      if (!passed) c.var.log.warn({ chain: body.chain, payment: body.payment }, "sanctioned wallet refused");
      return c.json({ data: { passed } }, 200);
    })
    .openapi(getRoute, (c) => c.json({ data: { passed: checkWallet(deps, c.req.valid("query").wallet) } }, 200));
}
