import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { MerchantPage } from "@/components/app-shell/merchant-page";
import { LazyVolumeChart } from "@/components/dashboard/lazy-volume-chart";
import { NextStepsCard } from "@/components/dashboard/next-steps-card";
import { RecentTransactions } from "@/components/dashboard/recent-transactions";
import { ReferralLinkCard } from "@/components/dashboard/referral-link-card";
import { StatsCards } from "@/components/dashboard/stats-cards";
import { useDashboard } from "@/components/dashboard/use-dashboard";
import { useHasBusinessName } from "@/components/dashboard/use-has-business-name";
import { WalletBalancesCard } from "@/components/dashboard/wallet-balances-card";
import { NoWalletWarning } from "@/components/wallet/no-wallet-warning";
import { useReceivingWallets } from "@/components/wallet/use-receiving-wallets";
import type { ApiClient } from "@/lib/api-client";
import { nextStepsDone } from "@/lib/next-steps";
import { hasReceivingWallet, receivingWallet } from "@/lib/receiving-wallets";
import { merchantApi } from "@/stores/merchant-api";
import { $nextStepsDismissed, dismissNextSteps } from "@/stores/next-steps";

/** The overview (SPEC §2 Dashboard): figures, balances, next steps, recent payments, referral link. */
export function Overview({ api, merchantId, referralCode, origin }: { api: ApiClient; merchantId: string; referralCode: string; origin: string }) {
  const { t } = useTranslation("common");
  const { dashboard, balances } = useDashboard(api);
  const { state: wallets } = useReceivingWallets(api);
  const hasName = useHasBusinessName(api);
  const dismissed = useStore($nextStepsDismissed).includes(merchantId);
  const ready = dashboard.status === "ready" ? dashboard.data : undefined;
  // Until the rate is in, balances are totalled in USD.
  const rate = ready ? { exchangeRate: ready.exchangeRate, billingCurrency: ready.billingCurrency } : { exchangeRate: "1", billingCurrency: "USD" };
  const balancesState = dashboard.status === "loading" ? { status: "loading" as const } : balances;
  // Undefined while loading: nothing is claimed done (or missing) before the server said so.
  const networks = wallets.status === "ready" ? wallets.networks : undefined;
  const progress = { hasWallet: networks && hasReceivingWallet(networks), hasName, paid: ready ? ready.consolidated !== null : undefined };
  const showSteps = !dismissed && !nextStepsDone(progress);
  // What the first render knows (guide, referral link, balances box) comes first, in the shape
  // dashboard.astro paints before any script; cards that depend on data come below, so their
  // arrival moves nothing already on screen. A merchant who cannot be paid sees it above the fold
  // (issue 28): next steps' first step, painted from the start, says so and opens the wallet dialog;
  // the warning's own words come last then, where their arrival moves nothing on screen (it measured
  // a 0.11 layout shift at 360 px at the top), and first once next steps are hidden.
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("dashboard.heading")}</h1>
        <p className="text-muted-foreground">{t("dashboard.welcome")}</p>
      </div>
      {progress.hasWallet === false && !showSteps ? <NoWalletWarning /> : null}
      {showSteps ? <NextStepsCard {...progress} onDismiss={() => dismissNextSteps(merchantId)} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        {/* min-w-0: grid items would otherwise grow to the referral link's full width on a phone. */}
        <div className="min-w-0 lg:col-span-2">
          <ReferralLinkCard origin={origin} referralCode={referralCode} />
        </div>
        <div className="min-w-0">
          <WalletBalancesCard state={balancesState} {...rate} hasWallet={networks && receivingWallet(networks) !== undefined} />
        </div>
      </div>
      <StatsCards state={dashboard} />
      {ready?.consolidated ? <LazyVolumeChart consolidated={ready.consolidated} {...rate} /> : null}
      <RecentTransactions state={dashboard} />
      {progress.hasWallet === false && showSteps ? <NoWalletWarning /> : null}
    </div>
  );
}

/** Island for /dashboard: the merchant shell around the overview. */
export default function DashboardIsland({ isProduction }: { isProduction: boolean }) {
  return (
    <MerchantPage isProduction={isProduction}>
      {(user) => <Overview api={merchantApi} merchantId={user._id} referralCode={user.referralCode} origin={window.location.origin} />}
    </MerchantPage>
  );
}
