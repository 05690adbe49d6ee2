import { MerchantPage } from "@/components/app-shell/merchant-page";
import { DonatesPage } from "@/components/donates/donates-page";
import { merchantApi } from "@/stores/merchant-api";
import { updateSession, type SessionUser } from "@/stores/session";

/** After a save the server marks the merchant onboarded; keep the cached user in step. */
function markOnboarded(user: SessionUser) {
  if (!user.settings.isOnboarded) updateSession({ settings: { ...user.settings, isOnboarded: true } });
}

/** Island for /donates: the merchant shell around the donations screen. */
export default function DonatesIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction} permission="donate">
      {(user) => (
        <DonatesPage api={merchantApi} userId={user._id} billingCurrency={user.billingCurrency} exampleHost={window.location.origin} onSaved={() => markOnboarded(user)} />
      )}
    </MerchantPage>
  );
}
