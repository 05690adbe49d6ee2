/**
 * The story server's points and referral routes (src/server/modules/points, referrals): the
 * story's `serverData.points` totals (zero when left out) with the referrals counted, and its
 * `serverData.referrals`, newest first as the server sends them.
 */
import { REFERRAL_BOOST, type PointsDto } from "@/lib/points";
import { requireMerchant } from "./auth-handlers";
import { route } from "./respond";
import { storyServer } from "./store";

/** A merchant with no points yet, as GET /api/points answers for them. */
export const NO_POINTS: Omit<PointsDto, "peopleReferred"> = {
  totalReceived: "0",
  totalPaid: "0",
  rampPayments: "0",
  pointsEarned: 0,
  refereePoints: 0,
  referralBoost: REFERRAL_BOOST,
};

const referralList = ({ request }: { request: Request }) => {
  requireMerchant(request);
  return { data: { referrals: storyServer.referrals } };
};

export const rewardsHandlers = [
  route("get", "/api/points", ({ request }) => {
    requireMerchant(request);
    return { data: { ...NO_POINTS, ...storyServer.points, peopleReferred: storyServer.referrals.length } };
  }),
  route("get", "/api/v1/referrals", referralList),
  route("post", "/api/v1/referrals/getAllReferrals", referralList),
];
