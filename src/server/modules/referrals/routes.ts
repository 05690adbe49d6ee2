import { createRoute, z } from "@hono/zod-openapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { ReferralDto, toReferralDto } from "./dto";
import { listReferrals, ownReferralCode } from "./service";

const common = { tags: ["Referrals"], security: [{ bearer: [] }] };
const ReferralList = z.object({ data: z.object({ referrals: z.array(ReferralDto) }) });

const listRoute = createRoute({
  ...common,
  method: "get",
  path: "/v1/referrals",
  summary: "The merchants who signed up with your referral code, newest first",
  responses: { 200: { description: "Referrals", content: json(ReferralList) }, ...errorResponses(401, 403) },
});

const getAllRoute = createRoute({
  ...common,
  method: "post",
  path: "/v1/referrals/getAllReferrals",
  summary: "Same list as GET /v1/referrals (the SPEC's POST form)",
  description: "Only the caller's own referrals: there is no role that sees another merchant's.",
  responses: { 200: { description: "Referrals", content: json(ReferralList) }, ...errorResponses(401, 403) },
});

const addMissingRoute = createRoute({
  ...common,
  method: "post",
  path: "/v1/referrals/addMissingReferralCodes",
  summary: "Make sure the merchant has a referral code",
  description: "Every account gets its code when it is created, so nothing is ever missing: answers the merchant's code and `added: 0`.",
  responses: {
    200: { description: "The merchant's code", content: json(z.object({ success: z.boolean(), data: z.object({ referralCode: z.string(), added: z.number().int() }) })) },
    ...errorResponses(401, 403),
  },
});

export function referralRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/v1/referrals", requireMerchant(db));
  router.use("/v1/referrals/*", requireMerchant(db));
  const list = async (userId: string) => ({ data: { referrals: (await listReferrals(db, userId)).map(toReferralDto) } });
  return router
    .openapi(listRoute, async (c) => c.json(await list(c.var.user.id), 200))
    .openapi(getAllRoute, async (c) => c.json(await list(c.var.user.id), 200))
    .openapi(addMissingRoute, async (c) => c.json({ success: true, data: { referralCode: await ownReferralCode(db, c.var.user.id), added: 0 } }, 200));
}
