import { z } from "@hono/zod-openapi";
import type { PointsDto as Points } from "@/lib/points";

/** SPEC §3 Points, plus what the points page shows beside them. Built by `readPoints` field by field. */
export const PointsDto = z
  .object({
    totalReceived: z.string().openapi({ description: "Points for money received (1 per $1), exact decimal text", example: "12.5" }),
    totalPaid: z.string().openapi({ description: "Points for money sent from an attached wallet (1 per $1)", example: "3" }),
    rampPayments: z.string().openapi({ description: "Points for money through the ramp (2 per $1)", example: "0" }),
    pointsEarned: z.number().int().openapi({ description: "'Points Earned': the three summed, rounded up", example: 16 }),
    peopleReferred: z.number().int().openapi({ description: "Merchants who signed up with this merchant's referral code", example: 2 }),
    refereePoints: z.number().int().openapi({ description: "Points earned by referees (always 0)", example: 0 }),
    referralBoost: z.string().openapi({ description: "Referral boost, fixed text", example: "20%" }),
  })
  .openapi("Points") satisfies z.ZodType<Points>;
