import { z } from "@hono/zod-openapi";
import type { ReferralDto as Referral } from "@/lib/referral";

/** SPEC §3 Referral. */
export const ReferralDto = z
  .object({
    createdAt: z.string().openapi({ description: "When the referee signed up (ISO 8601)", example: "2026-11-20T09:30:00.000Z" }),
    refereeInfo: z.object({
      email: z.string().nullable().openapi({ description: "The referee's e-mail local part only (before the '@'); null until they give one", example: "ada" }),
    }),
  })
  .openapi("Referral") satisfies z.ZodType<Referral>;

/** Field by field: Hono does not strip what the schema leaves out. */
export const toReferralDto = (r: Referral): Referral => ({ createdAt: r.createdAt, refereeInfo: { email: r.refereeInfo.email } });
