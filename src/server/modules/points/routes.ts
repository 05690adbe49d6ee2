import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { PointsDto } from "./dto";
import { readPoints } from "./service";

const pointsRoute = createRoute({
  tags: ["Points"],
  security: [{ bearer: [] }],
  method: "get",
  path: "/points",
  summary: "The merchant's points",
  description:
    "1 point per $1 received, 1 per $1 sent from an attached wallet, 2 per $1 through the ramp, counted over paid and validated payments (docs/points.md). Computed on every read.",
  responses: { 200: { description: "Points", content: json(z.object({ data: PointsDto })) }, ...errorResponses(401, 403) },
});

export function pointsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/points", requireMerchant(db));
  return router.openapi(pointsRoute, async (c) => {
    const p = await readPoints(db, c.var.user.id);
    // Field by field: Hono does not strip what the schema leaves out.
    const data = {
      totalReceived: p.totalReceived,
      totalPaid: p.totalPaid,
      rampPayments: p.rampPayments,
      pointsEarned: p.pointsEarned,
      peopleReferred: p.peopleReferred,
      refereePoints: p.refereePoints,
      referralBoost: p.referralBoost,
    };
    return c.json({ data }, 200);
  });
}
