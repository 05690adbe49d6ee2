import { useTranslation } from "react-i18next";
import { MerchantPage } from "@/components/app-shell/merchant-page";
import { LazyVolumeChart } from "@/components/dashboard/lazy-volume-chart";
import { NextStepsCard } from "@/components/dashboard/next-steps-card";
import { RecentTransactions } from "@/components/dashboard/recent-transactions";
import { ReferralLinkCard } from "@/components/dashboard/referral-link-card";
import { StatsCards } from "@/components/dashboard/stats-cards";
import { useDashboard } from "@/components/dashboard/use-dashboard";
import { WalletBalancesCard } from "@/components/dashboard/wallet-balances-card";
import { ReceivingWalletWarning } from "@/components/wallet/no-wallet-warning";
import type { ApiClient } from "@/lib/api-client";
import { merchantApi } from "@/stores/merchant-api";

/** The overview (SPEC §2 Dashboard): figures, balances, next steps, recent payments, referral link. */
export function Overview({ api, referralCode, origin }: { api: ApiClient; referralCode: string; origin: string }) {
  const { t } = useTranslation("common");
  const { dashboard, balances } = useDashboard(api);
  const ready = dashboard.status === "ready" ? dashboard.data : undefined;
  // Until the rate is in, balances are totalled in USD.
  const rate = ready ? { exchangeRate: ready.exchangeRate, billingCurrency: ready.billingCurrency } : { exchangeRate: "1", billingCurrency: "USD" };
  const balancesState = dashboard.status === "loading" ? { status: "loading" as const } : balances;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("dashboard.heading")}</h1>
        <p className="text-muted-foreground">{t("dashboard.welcome")}</p>
      </div>
      <StatsCards state={dashboard} />
      <div className="grid gap-6 lg:grid-cols-3">
        {ready?.consolidated ? (
          <div className="lg:col-span-2">
            <LazyVolumeChart consolidated={ready.consolidated} {...rate} />
          </div>
        ) : null}
        <div className={ready?.consolidated ? undefined : "lg:col-span-3"}>
          <WalletBalancesCard state={balancesState} {...rate} />
        </div>
      </div>
      <NextStepsCard />
      <RecentTransactions state={dashboard} />
      <ReferralLinkCard origin={origin} referralCode={referralCode} />
      {/* Below the cards: the warning appears only once the wallets have loaded, and above them
          it would push them down after first paint. */}
      <ReceivingWalletWarning api={api} />
    </div>
  );
}

/** Island for /dashboard: the merchant shell around the overview. */
export default function DashboardIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction}>
      {(user) => <Overview api={merchantApi} referralCode={user.referralCode} origin={window.location.origin} />}
    </MerchantPage>
  );
}
