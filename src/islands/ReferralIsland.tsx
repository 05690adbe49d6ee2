import { MerchantPage } from "@/components/app-shell/merchant-page";
import { ReferralPage } from "@/components/referral/referral-page";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /referral: the merchant shell around the referral screen. */
export default function ReferralIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction}>
      {(user) => <ReferralPage api={merchantApi} origin={window.location.origin} referralCode={user.referralCode} />}
    </MerchantPage>
  );
}
