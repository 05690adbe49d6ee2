import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { setNonCustodial } from "../merchants";
import { requireMerchant } from "../auth";
import { sandboxOnly } from "./sandbox-only";

/**
 * Sandbox only: a merchant makes themself non-custodial (or custodial again), which an operator
 * does in production (`npm run admin -- custody`). Trying routes in a sandbox (and the route
 * journey test) should not need the server stopped for the PGlite operator command.
 */
const route = createRoute({
  method: "post",
  path: "/sandbox/non-custodial",
  tags: ["Sandbox"],
  security: [{ bearer: [] }],
  summary: "Make yourself a non-custodial merchant (sandbox only)",
  description: "Sets `settings.isNonCustodial` of the signed-in merchant. Refused in production mode (403 `sandbox_only`).",
  request: { body: { content: json(z.object({ nonCustodial: z.boolean() }).openapi("SandboxCustodyRequest")), required: true } },
  responses: {
    200: { description: "Set", content: json(z.object({ data: z.object({ isNonCustodial: z.boolean() }) })) },
    ...errorResponses(400, 401, 403),
  },
});

export function sandboxCustodyRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/sandbox/non-custodial", sandboxOnly(deps, "Only an operator sets this in production"), requireMerchant(db));
  return router.openapi(route, async (c) => {
    const isNonCustodial = await setNonCustodial(db, c.var.user.id, c.req.valid("json").nonCustodial);
    c.var.log.info({ userId: c.var.user.id, isNonCustodial }, "sandbox: custody set");
    return c.json({ data: { isNonCustodial } }, 200);
  });
}
