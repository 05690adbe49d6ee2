import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { ApiError, ErrorBody } from "../../http/errors";
import { requireMerchant } from "../auth";
import { requestProductionAccess } from "./service";

const route = createRoute({
  method: "post",
  path: "/request/production",
  tags: ["Account"],
  summary: "Ask for production access",
  description: "Only on a server in sandbox mode: a server already in production mode answers 409 `already_production`.",
  security: [{ bearer: [] }],
  responses: {
    200: {
      description: "Request recorded (asking twice keeps the first)",
      content: { "application/json": { schema: z.object({ success: z.boolean(), requestedAt: z.string() }) } },
    },
    401: { description: "No live session", content: { "application/json": { schema: ErrorBody } } },
    403: { description: "Terms not accepted", content: { "application/json": { schema: ErrorBody } } },
    409: { description: "This server already runs in production mode", content: { "application/json": { schema: ErrorBody } } },
  },
});

export function productionAccessRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use("/request/production", requireMerchant(deps.database.db));
  return router.openapi(route, async (c) => {
    // The running server decides, not the page: a build made for sandbox may face a production server.
    if (deps.env.ZPAY_MODE === "production") {
      throw new ApiError(409, "already_production", "This server already runs in production mode");
    }
    const { requestedAt } = await requestProductionAccess(deps.database.db, c.var.user.id);
    c.var.log.info({ userId: c.var.user.id }, "production access requested");
    return c.json({ success: true, requestedAt: requestedAt.toISOString() }, 200);
  });
}
