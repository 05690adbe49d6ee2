import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { setPermission } from "../merchants";
import { requireMerchant } from "../auth";
import { sandboxOnly } from "./sandbox-only";

const route = createRoute({
  method: "post",
  path: "/sandbox/grant-admin",
  tags: ["Sandbox"],
  security: [{ bearer: [] }],
  summary: "Grant yourself the operator pages (sandbox with SANDBOX_ADMIN_GRANT only)",
  description:
    "Adds `admin_stats` to the signed-in merchant's permissions. Every merchant's figures sit behind it, so it answers 403 `sandbox_only` unless the instance runs in sandbox mode with SANDBOX_ADMIN_GRANT=true (refused at start in production).",
  responses: {
    200: { description: "Granted", content: json(z.object({ data: z.object({ permissions: z.array(z.string()) }) })) },
    ...errorResponses(401, 403),
  },
});

/** Sandbox journeys on the embedded database: the admin CLI can't open it while the server runs. */
export function sandboxAdminGrantRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/sandbox/grant-admin", sandboxOnly(deps, "An operator grants this with npm run admin", (d) => d.env.SANDBOX_ADMIN_GRANT), requireMerchant(db));
  return router.openapi(route, async (c) => {
    const permissions = await setPermission(db, c.var.user.id, "admin_stats", true);
    c.var.log.warn({ userId: c.var.user.id }, "sandbox: admin_stats self-granted (SANDBOX_ADMIN_GRANT)");
    return c.json({ data: { permissions } }, 200);
  });
}
