import { createRoute, z } from "@hono/zod-openapi";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { origins } from "../../env";
import { ApiError, ErrorBody } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { requirePermission } from "../../http/permissions";
import { requireMerchant } from "../auth";
import { grantProductionAccess, listProductionRequests, requestProductionAccess, type ProductionRequestView } from "./service";

const route = createRoute({
  method: "post",
  path: "/request/production",
  tags: ["Account"],
  summary: "Ask for production access",
  description:
    "Only on a server in sandbox mode: a server already in production mode answers 409 `already_production`. A first request is e-mailed to the operator when `OPERATOR_EMAIL` is set; admins see every request on the admin page.",
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

const ProductionRequestDto = z
  .object({
    userId: z.string(),
    publicKey: z.string().openapi({ description: "The merchant's wallet" }),
    email: z.string().nullable().openapi({ description: "Where the grant's next steps are e-mailed; null: the merchant can't be told by mail" }),
    requestedAt: z.string(),
    grantedAt: z.string().nullable(),
    status: z.enum(["pending", "granted"]),
  })
  .openapi("ProductionAccessRequest");

const toDto = (r: ProductionRequestView): z.infer<typeof ProductionRequestDto> => ({
  userId: r.userId,
  publicKey: r.publicKey,
  email: r.email,
  requestedAt: r.requestedAt.toISOString(),
  grantedAt: r.grantedAt ? r.grantedAt.toISOString() : null,
  status: r.grantedAt ? "granted" : "pending",
});

const admin = { tags: ["Admin"], security: [{ bearer: [] }] };
const listRoute = createRoute({
  ...admin,
  method: "get",
  path: "/admin/production-requests",
  summary: "Production-access requests, newest first",
  description: "Pending and granted. Permission `admin_stats` (403 without it).",
  responses: { 200: { description: "The requests", content: json(z.object({ data: z.array(ProductionRequestDto) })) }, ...errorResponses(401, 403) },
});
const grantRoute = createRoute({
  ...admin,
  method: "post",
  path: "/admin/production-requests/{userId}/grant",
  summary: "Grant a merchant's production access",
  description:
    "Marks the request granted and e-mails the merchant the next steps (`mailed` false when they have no e-mail address). Granting again changes nothing and sends nothing (`alreadyGranted`). Permission `admin_stats`.",
  request: { params: z.object({ userId: z.string().max(64).openapi({ param: { name: "userId", in: "path" }, description: "The merchant's `_id`" }) }) },
  responses: {
    200: {
      description: "Granted",
      content: json(z.object({ data: ProductionRequestDto, mailed: z.boolean(), alreadyGranted: z.boolean() })),
    },
    ...errorResponses(401, 403, 404),
  },
});

export function productionAccessRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const mail = { appOrigin: origins(deps.env).app, operatorEmail: deps.env.OPERATOR_EMAIL };
  const router = createRouter();
  router.use("/request/production", requireMerchant(db));
  router.use("/admin/production-requests", requireMerchant(db), requirePermission("admin_stats"));
  router.use("/admin/production-requests/*", requireMerchant(db), requirePermission("admin_stats"));
  return router
    .openapi(route, async (c) => {
      // The running server decides, not the page: a build made for sandbox may face a production server.
      if (deps.env.ZPAY_MODE === "production") {
        throw new ApiError(409, "already_production", "This server already runs in production mode");
      }
      const { requestedAt } = await requestProductionAccess(db, c.var.user.id, mail);
      c.var.log.info({ userId: c.var.user.id }, "production access requested");
      return c.json({ success: true, requestedAt: requestedAt.toISOString() }, 200);
    })
    .openapi(listRoute, async (c) => c.json({ data: (await listProductionRequests(db)).map(toDto) }, 200))
    .openapi(grantRoute, async (c) => {
      const result = await grantProductionAccess(db, c.req.valid("param").userId, mail);
      c.var.log.info({ adminId: c.var.user.id, userId: result.request.userId, mailed: result.mailed, alreadyGranted: result.alreadyGranted }, "production access granted");
      return c.json({ data: toDto(result.request), mailed: result.mailed, alreadyGranted: result.alreadyGranted }, 200);
    });
}
