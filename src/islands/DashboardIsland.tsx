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
  // What the first render knows (guide, referral link, balances box) comes first, in the shape
  // dashboard.astro paints before any script; cards that depend on data come below, so their
  // arrival moves nothing already on screen.
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("dashboard.heading")}</h1>
        <p className="text-muted-foreground">{t("dashboard.welcome")}</p>
      </div>
      <NextStepsCard />
      <div className="grid gap-6 lg:grid-cols-3">
        {/* min-w-0: grid items would otherwise grow to the referral link's full width on a phone. */}
        <div className="min-w-0 lg:col-span-2">
          <ReferralLinkCard origin={origin} referralCode={referralCode} />
        </div>
        <div className="min-w-0">
          <WalletBalancesCard state={balancesState} {...rate} />
        </div>
      </div>
      <StatsCards state={dashboard} />
      {ready?.consolidated ? <LazyVolumeChart consolidated={ready.consolidated} {...rate} /> : null}
      <RecentTransactions state={dashboard} />
      {/* Last: the warning appears only once the wallets have loaded. */}
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
