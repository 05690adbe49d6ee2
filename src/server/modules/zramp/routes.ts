import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppDeps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { ApiError } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { PERMISSION_DENIED } from "@/lib/api-client";
import { SIDE_MENU, isAllowed } from "@/lib/side-menu";
import type { ZRampDto } from "@/lib/zramp";
import { requireMerchant } from "../auth";
import { rampLink } from "./service";

const ZRampResponse = z
  .object({
    data: z.object({
      url: z.string().nullable().openapi({ description: "The ramp page to frame; null when the server has no ramp provider (ZRAMP_PROVIDER_URL)" }),
    }) satisfies z.ZodType<ZRampDto>,
  })
  .openapi("ZRamp");

const route = createRoute({
  method: "get",
  path: "/zramp",
  tags: ["Account"],
  summary: "The merchant's fiat on-ramp address (zRamp)",
  description:
    "The configured provider's base address with `apiKey` (the merchant's account id), `networks=solana` and `wallets` (the merchant's Solana receiving wallet, else their sign-in wallet). Needs the `quickpay` permission, or `ramponly` with the rampOnly setting.",
  security: [{ bearer: [] }],
  responses: { 200: { description: "The ramp address", content: json(ZRampResponse) }, ...errorResponses(401, 403) },
});

/** The same rule as the zRamp menu item: quickpay, or ramponly with the rampOnly setting (SPEC §2). */
const zrampItem = SIDE_MENU.find((item) => item.id === "zramp")!;
const requireRampAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { permissions, rampOnly } = c.var.user.settings;
  if (!isAllowed(zrampItem, { permissions, rampOnly })) {
    throw new ApiError(403, PERMISSION_DENIED, "Your account does not have access to this feature");
  }
  await next();
};

export function zrampRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/zramp", requireMerchant(db), requireRampAccess);
  return router.openapi(route, async (c) => c.json({ data: { url: await rampLink(db, deps.env.ZRAMP_PROVIDER_URL, c.var.user) } }, 200));
}
