import { z } from "@hono/zod-openapi";
import type { UserRow } from "../../db/schema";
import { SERVER_MODES } from "@/lib/server-mode";

/** The user as clients see it (SPEC §3 User). Built field by field: Hono does not strip extras. */
export const UserDto = z
  .object({
    _id: z.string(),
    publicKey: z.string(),
    email: z.string().nullable(),
    token: z.string().optional().openapi({ description: "Bearer token; only in the sign-in answer" }),
    validTill: z.string().optional().openapi({ description: "ISO time the session expires" }),
    settings: z.object({
      isOnboarded: z.boolean(),
      permissions: z.array(z.string()),
      rampOnly: z.boolean(),
      isNonCustodial: z.boolean(),
      version: z.number(),
      restrictUserToChains: z.array(z.number()),
    }),
    billingCurrency: z.string(),
    acceptedTerms: z.boolean(),
    referralCode: z.string(),
  })
  .openapi("User");
export type UserDto = z.infer<typeof UserDto>;

export function toUserDto(user: UserRow, session?: { token: string; validTill: Date }): UserDto {
  return {
    _id: user.id,
    publicKey: user.publicKey,
    email: user.email,
    ...(session ? { token: session.token, validTill: session.validTill.toISOString() } : {}),
    settings: {
      isOnboarded: user.settings.isOnboarded,
      permissions: [...user.settings.permissions],
      rampOnly: user.settings.rampOnly,
      isNonCustodial: user.settings.isNonCustodial,
      version: user.settings.version,
      restrictUserToChains: [...user.settings.restrictUserToChains],
    },
    billingCurrency: user.billingCurrency,
    acceptedTerms: user.acceptedTermsAt !== null,
    referralCode: user.referralCode,
  };
}

/** The running server's mode, so the page hides what production does not offer. */
export const ServerModeSchema = z.enum(SERVER_MODES).openapi("ServerMode");
