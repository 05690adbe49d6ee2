import { MerchantPage } from "@/components/app-shell/merchant-page";
import { ZLinkPage } from "@/components/zlink/zlink-page";
import { merchantApi } from "@/stores/merchant-api";
import { updateSession, type SessionUser } from "@/stores/session";

/** After a save the server marks the merchant onboarded (SPEC §4); keep the cached user in step. */
function markOnboarded(user: SessionUser) {
  if (!user.settings.isOnboarded) updateSession({ settings: { ...user.settings, isOnboarded: true } });
}

/** Island for /quick-pays: the merchant shell around the zLink screen. */
export default function QuickPaysIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction} permission="quickpay">
      {(user) => (
        <ZLinkPage
          api={merchantApi}
          userId={user._id}
          billingCurrency={user.billingCurrency}
          exampleHost={window.location.origin}
          search={window.location.search}
          onSearchHandled={() => window.history.replaceState(null, "", window.location.pathname)}
          onSaved={() => markOnboarded(user)}
        />
      )}
    </MerchantPage>
  );
}
