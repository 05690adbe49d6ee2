import { createRoute, z } from "@hono/zod-openapi";
import { EMAIL_MAX_LENGTH } from "@/lib/notifications";
import type { AppDeps } from "../../deps";
import { origins } from "../../env";
import { ApiError, ErrorBody } from "../../http/errors";
import { errorResponses, json } from "../../http/openapi";
import { consumeOrRefuse, createLimiter } from "../../http/rate-limit";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  NoEmailError,
  readNotificationSettings,
  requestEmailVerification,
  saveNotificationSettings,
  validateNotificationSave,
  verifyEmail,
} from "./service";

const SettingsDto = z
  .object({
    notificationEnabled: z.boolean(),
    email: z.string().nullable(),
    emailVerified: z.boolean().openapi({ description: "Notification e-mails go out only once the address is verified" }),
  })
  .openapi("NotificationSettings");

const SaveBody = z
  .object({
    notificationEnabled: z.boolean(),
    email: z.string().max(EMAIL_MAX_LENGTH).nullable().optional().openapi({ description: "Empty keeps the address on file", example: "shop@example.com" }),
  })
  .openapi("NotificationSaveRequest");

/** Verification mails per merchant per quarter hour: each one is a mail to an address they typed. */
export const VERIFICATION_MAILS_PER_15_MIN = 3;

const common = { tags: ["Notifications"], security: [{ bearer: [] }] };

const readRoute = createRoute({
  ...common,
  method: "get",
  path: "/profile/notification",
  summary: "Whether payment e-mails are on, the address and whether it is verified",
  responses: { 200: { description: "Settings", content: json(z.object({ data: SettingsDto })) }, ...errorResponses(401, 403) },
});

const saveRoute = createRoute({
  ...common,
  method: "post",
  path: "/profile/notification",
  summary: "Turn payment e-mails on or off and set the address",
  description: "On without an address: 400 'Email is required for notifications'. A new address is unverified until its link is used.",
  request: { body: { content: json(SaveBody), required: true } },
  responses: { 200: { description: "Saved", content: json(z.object({ data: SettingsDto })) }, ...errorResponses(400, 401, 403) },
});

const requestRoute = createRoute({
  ...common,
  method: "post",
  path: "/request-email-verification",
  summary: "E-mail a verification link to the merchant's address",
  description: `The link opens /settings/notifications on the app origin, works once and expires after ${EMAIL_VERIFICATION_TTL_HOURS} hours. 409 \`no_email\` without an address; 429 past ${VERIFICATION_MAILS_PER_15_MIN} a quarter of an hour.`,
  responses: { 202: { description: "Queued", content: json(z.object({ success: z.literal(true) })) }, ...errorResponses(401, 403, 409, 429) },
});

const verifyRoute = createRoute({
  ...common,
  method: "post",
  path: "/verify-email",
  summary: "Use a verification link's token",
  description: "The token must be the signed-in merchant's, unused, unexpired and for the address on file; otherwise 400 `invalid_token`.",
  request: { body: { content: json(z.object({ token: z.string().min(1).max(200) }).openapi("VerifyEmailRequest")), required: true } },
  responses: { 200: { description: "Verified", content: json(z.object({ data: SettingsDto })) }, 400: { description: "Invalid or used link", content: json(ErrorBody) }, ...errorResponses(401, 403) },
});

/** Notification settings and e-mail verification (SPEC §4 Notifications, §7). */
export function notificationRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const appOrigin = origins(deps.env).app;
  const mails = createLimiter(deps.database, { points: VERIFICATION_MAILS_PER_15_MIN, durationSeconds: 900, keyPrefix: "email-verification" });
  const router = createRouter();
  router.use("/profile/notification", requireMerchant(db));
  router.use("/request-email-verification", requireMerchant(db));
  router.use("/verify-email", requireMerchant(db));

  return router
    .openapi(readRoute, async (c) => c.json({ data: await readNotificationSettings(db, c.var.user.id) }, 200))
    .openapi(saveRoute, async (c) => {
      const checked = await validateNotificationSave(db, c.var.user.id, c.req.valid("json"));
      if ("error" in checked) throw new ApiError(400, "invalid_request", checked.error, [{ path: checked.path, message: checked.error }]);
      const data = await saveNotificationSettings(db, c.var.user.id, checked.values);
      c.var.log.info({ userId: c.var.user.id, enabled: data.notificationEnabled }, "notification settings saved");
      return c.json({ data }, 200);
    })
    .openapi(requestRoute, async (c) => {
      await consumeOrRefuse(mails, c.var.user.id, "Too many verification e-mails. Please wait a few minutes and try again.", (n, v) => c.header(n, v));
      try {
        await requestEmailVerification(db, c.var.user.id, { appOrigin, language: c.var.user.language });
      } catch (err) {
        if (err instanceof NoEmailError) throw new ApiError(409, "no_email", err.message);
        throw err;
      }
      return c.json({ success: true as const }, 202);
    })
    .openapi(verifyRoute, async (c) => {
      const ok = await verifyEmail(db, c.var.user.id, c.req.valid("json").token);
      if (!ok) throw new ApiError(400, "invalid_token", "This verification link is invalid, used or expired. Send a new one.");
      return c.json({ data: await readNotificationSettings(db, c.var.user.id) }, 200);
    });
}
