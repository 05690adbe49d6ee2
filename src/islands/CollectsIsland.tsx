import { MerchantPage } from "@/components/app-shell/merchant-page";
import { CollectsPage } from "@/components/collects/collects-page";
import { merchantApi } from "@/stores/merchant-api";

/** Island for /collects: the merchant shell around the zRequest screen. */
export default function CollectsIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction} permission="collect">
      {(user) => <CollectsPage api={merchantApi} userId={user._id} billingCurrency={user.billingCurrency} />}
    </MerchantPage>
  );
}
