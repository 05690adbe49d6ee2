/** Sample points and referrals for the points and referral stories. */
import type { PointsDto } from "@/lib/points";
import type { ReferralDto } from "@/lib/referral";

/** $1,234.50 received, $80.25 sent, $50 through the ramp (100 points). */
export const samplePoints: Partial<PointsDto> = {
  totalReceived: "1234.5",
  totalPaid: "80.25",
  rampPayments: "100",
  pointsEarned: 1415,
};

const localParts = ["ada", "grace.hopper", "alan+shop", null, "margaret", "katherine", "dorothy.v", "mary-jackson", "annie", "radia", "barbara", "frances", "jean.sammet", "hedy"];

/** Referrals newest first, one a day back from 2026-11-05 (the stories' now). */
export function sampleReferrals(count = 3): ReferralDto[] {
  return Array.from({ length: count }, (_, i) => ({
    createdAt: new Date(Date.UTC(2026, 10, 5 - i, 9, 30)).toISOString(),
    refereeInfo: { email: localParts[i % localParts.length] },
  }));
}
