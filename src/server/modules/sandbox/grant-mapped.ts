import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { setPermission } from "../merchants";
import { requireMerchant } from "../auth";
import { sandboxOnly } from "./sandbox-only";

/**
 * Sandbox only: a merchant grants themself the Unmapped screen (permission `mapped`), which an
 * operator grants in production (`npm run admin -- grant`). With PGlite the operator command needs
 * the server stopped; in a sandbox, trying the screen (and its journey test) should not.
 */
const route = createRoute({
  method: "post",
  path: "/sandbox/grant-mapped",
  tags: ["Sandbox"],
  security: [{ bearer: [] }],
  summary: "Grant yourself the Unmapped screen (sandbox only)",
  description: "Adds `mapped` to the signed-in merchant's permissions. Refused in production mode (403 `sandbox_only`).",
  responses: {
    200: { description: "Granted", content: json(z.object({ data: z.object({ permissions: z.array(z.string()) }) })) },
    ...errorResponses(401, 403),
  },
});

export function sandboxGrantRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/sandbox/grant-mapped", sandboxOnly(deps, "Only an operator grants this in production"), requireMerchant(db));
  return router.openapi(route, async (c) => {
    const permissions = await setPermission(db, c.var.user.id, "mapped", true);
    c.var.log.info({ userId: c.var.user.id }, "sandbox: mapped granted");
    return c.json({ data: { permissions } }, 200);
  });
}
