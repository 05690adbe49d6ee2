import { createRoute, z } from "@hono/zod-openapi";
import { ZAPI_ROTATION_GRACE_MS, ZapiSecretRegenerate, ZapiSecretStatus } from "@/lib/zapi";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireFreshSignIn, requireMerchant } from "../auth";
import { findApiSecret, regenerateApiSecret, revokePreviousApiSecret, toSecretStatus } from "./api-secret";

const common = { tags: ["zAPI secret"], security: [{ bearer: [] }] };
const GRACE_HOURS = ZAPI_ROTATION_GRACE_MS / 3_600_000;
const StatusDto = z.object(ZapiSecretStatus.shape).openapi("ZapiSecretStatus");

const statusRoute = createRoute({
  ...common,
  method: "get",
  path: "/zapi/secret",
  summary: "Whether the account has an API secret, its last characters and the previous one's grace",
  description: "Never the secret itself: only its SHA-256 is stored, and it is shown once, by the regenerate answer.",
  responses: { 200: { description: "The API secret's status", content: json(z.object({ data: StatusDto })) }, ...errorResponses(401, 403) },
});

const regenerateRoute = createRoute({
  ...common,
  method: "post",
  path: "/zapi/secret/regenerate",
  summary: "Make a new API secret (zpk_…) and show it once",
  description:
    `The answer's \`secret\` is the only time the secret is shown: store it in your server's configuration. \`keepPrevious: true\` keeps the current secret working for ${GRACE_HOURS} hours so you can redeploy without downtime (revoke it early with \`/zapi/secret/revoke-previous\`); \`false\` stops it at once (a leaked secret). ` +
    "The webhook signing secret is not touched. Needs a recent sign-in (401 `fresh_sign_in_required`).",
  request: { body: { content: json(z.strictObject(ZapiSecretRegenerate.shape).openapi("ZapiSecretRegenerate")), required: true } },
  responses: {
    200: { description: "The new secret, shown once", content: json(z.object({ data: StatusDto.extend({ secret: z.string().openapi({ example: "zpk_4q9Xb2…" }) }) })) },
    ...errorResponses(400, 401, 403),
  },
});

const revokeRoute = createRoute({
  ...common,
  method: "post",
  path: "/zapi/secret/revoke-previous",
  summary: "Stop the previous API secret now",
  description: "Ends the grace period a regenerate gave the secret before it: calls made with it are refused from this moment. Needs a recent sign-in.",
  responses: { 200: { description: "Revoked (or there was none)", content: json(z.object({ data: StatusDto })) }, ...errorResponses(401, 403) },
});

/** The merchant's side of the zAPI secret: its status, regenerate (with or without grace) and revoke. */
export function zapiSecretRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  // "/zapi/secret/*" also covers "/zapi/secret" itself.
  router.use("/zapi/secret/*", requireMerchant(db));
  // Changing which secret opens the API is for the merchant at the keyboard, not an old session.
  const fresh = requireFreshSignIn(deps.env.FRESH_SIGN_IN_MINUTES);
  router.post("/zapi/secret/*", fresh);

  return router
    .openapi(statusRoute, async (c) => c.json({ data: toSecretStatus(await findApiSecret(db, c.var.user.id), new Date()) }, 200))
    .openapi(regenerateRoute, async (c) => {
      const { keepPrevious } = c.req.valid("json");
      const { secret, row } = await regenerateApiSecret(db, c.var.user.id, { keepPrevious });
      c.var.log.info({ userId: c.var.user.id, keepPrevious }, "api secret regenerated");
      return c.json({ data: { ...toSecretStatus(row, new Date()), secret } }, 200);
    })
    .openapi(revokeRoute, async (c) => {
      const row = await revokePreviousApiSecret(db, c.var.user.id);
      c.var.log.info({ userId: c.var.user.id }, "previous api secret revoked");
      return c.json({ data: toSecretStatus(row, new Date()) }, 200);
    });
}
