import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { createRouter } from "../../http/router";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { users } from "../../db/schema";
import { requireMerchant } from "../auth";
import { LANGUAGES } from "@/i18n/config";

export const LanguageBody = z
  .object({ language: z.enum(LANGUAGES, { error: "Language must be en or fr" }).openapi({ example: "fr" }) })
  .openapi("MerchantLanguage");

const route = createRoute({
  method: "put",
  path: "/me/language",
  tags: ["Account"],
  security: [{ bearer: [] }],
  summary: "The language the merchant uses the app in",
  description: "E-mails sent for the merchant (payment requests, reminders…) are written in it. Allowed before the terms are accepted.",
  request: { body: { content: json(LanguageBody), required: true } },
  responses: { 200: { description: "Saved", content: json(z.object({ data: LanguageBody })) }, ...errorResponses(400, 401) },
});

/** `PUT /api/me/language`: the app calls it when a signed-in merchant switches language and right after sign-in. */
export function merchantLanguageRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use("/me/language", requireMerchant(deps.database.db, { allowWithoutTerms: true }));
  return router.openapi(route, async (c) => {
    const { language } = c.req.valid("json");
    await deps.database.db.update(users).set({ language }).where(eq(users.id, c.var.user.id));
    return c.json({ data: { language } }, 200);
  });
}
