import { createRoute, z } from "@hono/zod-openapi";
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE, PROFILE_LIMITS } from "@/lib/profile";
import type { ProfileDto } from "@/lib/profile";
import type { AppDeps } from "../../deps";
import { errorResponses, json } from "../../http/openapi";
import { createRouter } from "../../http/router";
import { requireMerchant } from "../auth";
import { imageBytes, uploadQuotaFrom } from "../catalog";
import { removeLogo, saveLogo, saveProfile, toProfileDto, validateProfileBody } from "./service";

export const PROFILE_LOGO_PATH = "/api/profile/logo";
/** What the body limit lets through on the logo upload: the image plus a multipart envelope. */
export const LOGO_BODY_LIMIT = LOGO_MAX_BYTES + 16 * 1024;

const Profile = z
  .object({
    company: z.string().openapi({ description: "Display name payers see", example: "Acme Coffee" }),
    city: z.string(),
    taxId: z.string(),
    defaultInvoiceNotes: z.string(),
    brandColor: z.string().openapi({ description: "`#rrggbb`, or empty", example: "#1e3a8a" }),
    logoUrl: z.string().nullable().openapi({ example: "/api/uploads/0b9d7c1e-7d0c-4f57-9a43-6f2d8d1b3c11" }),
    billingCurrency: z.string().openapi({ example: "USD" }),
  })
  .openapi("Profile");
const ProfileData = z.object({ data: Profile });

const ProfileBody = z
  .object({
    company: z.string().max(PROFILE_LIMITS.company * 2).optional(),
    city: z.string().max(PROFILE_LIMITS.city * 2).optional(),
    taxId: z.string().max(PROFILE_LIMITS.taxId * 2).optional(),
    defaultInvoiceNotes: z.string().max(PROFILE_LIMITS.defaultInvoiceNotes * 2).optional(),
    brandColor: z.string().max(32).optional(),
  })
  .openapi("ProfileBody");

const getRoute = createRoute({
  method: "get",
  path: "/profile",
  tags: ["Account"],
  security: [{ bearer: [] }],
  summary: "The merchant's profile",
  responses: { 200: { description: "The profile", content: json(ProfileData) }, ...errorResponses(401) },
});

const putRoute = createRoute({
  method: "put",
  path: "/profile",
  tags: ["Account"],
  security: [{ bearer: [] }],
  summary: "Save the profile's text fields",
  description: "Every field replaces the stored one; an empty or missing field clears it. The logo is kept.",
  request: { body: { content: json(ProfileBody), required: true } },
  responses: { 200: { description: "Saved", content: json(ProfileData) }, ...errorResponses(400, 401) },
});

const uploadLogoRoute = createRoute({
  method: "post",
  path: "/profile/logo",
  tags: ["Account"],
  security: [{ bearer: [] }],
  summary: "Upload the logo",
  description: `A JPEG or PNG (checked by its first bytes, not its name), at most ${LOGO_MAX_BYTES / 1024 / 1024} MB: the raw bytes as the body, or a multipart form with a \`file\` part. It is re-encoded and resized to fit ${LOGO_MAX_SIDE}×${LOGO_MAX_SIDE} px, and served at a new \`/api/uploads/{id}\` address (cached for a year). Anything else answers 415, a larger file 413.`,
  responses: { 200: { description: "Saved", content: json(ProfileData) }, ...errorResponses(400, 401, 413) },
});

const deleteLogoRoute = createRoute({
  method: "delete",
  path: "/profile/logo",
  tags: ["Account"],
  security: [{ bearer: [] }],
  summary: "Remove the logo",
  responses: { 200: { description: "Removed", content: json(ProfileData) }, ...errorResponses(401) },
});

/** `GET|PUT /api/profile`, `POST|DELETE /api/profile/logo` (signed in, app origin). */
export function profileRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const router = createRouter();
  router.use("/profile", requireMerchant(db));
  router.use("/profile/*", requireMerchant(db));
  const data = (dto: ProfileDto) => ({ data: dto });
  return router
    .openapi(getRoute, (c) => c.json(data(toProfileDto(c.var.user)), 200))
    .openapi(putRoute, async (c) => {
      const values = await validateProfileBody(c.req.valid("json"));
      return c.json(data(toProfileDto(await saveProfile(db, c.var.user, values))), 200);
    })
    .openapi(uploadLogoRoute, async (c) => {
      const row = await saveLogo(db, c.var.user.id, await imageBytes(c.req.raw), uploadQuotaFrom(deps.env));
      c.var.log.info({ userId: row.id, uploadId: row.profile.logoId }, "logo uploaded");
      return c.json(data(toProfileDto(row)), 200);
    })
    .openapi(deleteLogoRoute, async (c) => c.json(data(toProfileDto(await removeLogo(db, c.var.user.id))), 200));
}
