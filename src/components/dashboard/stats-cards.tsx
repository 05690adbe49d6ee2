import { ArrowDownRightIcon, ArrowUpRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { DashboardDto } from "@/lib/dashboard";
import { cn } from "@/lib/utils";
import { formatBilling } from "./format";
import type { Remote } from "./use-dashboard";

/** "+12.5% vs previous 7 days", coloured by direction; a note when there is nothing to compare. */
function ChangeLine({ change }: { change: number | null }) {
  const { t, i18n } = useTranslation("common");
  if (change === null) return <p className="text-sm text-muted-foreground">{t("dashboard.stats.noPrevious")}</p>;
  const up = change >= 0;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  const text = new Intl.NumberFormat(i18n.language, { signDisplay: "exceptZero", maximumFractionDigits: 1 }).format(change);
  return (
    <p className={cn("flex items-center gap-1 text-sm", up ? "text-success-foreground" : "text-destructive")}>
      <Icon aria-hidden="true" className="size-4" />
      {t("dashboard.stats.change", { change: text })}
    </p>
  );
}

function StatCard({ title, value, footer, testId }: { title: string; value: React.ReactNode; footer: React.ReactNode; testId: string }) {
  const { t } = useTranslation("common");
  return (
    <Card data-testid={testId} className="gap-2">
      <CardHeader>
        <CardDescription>{t("dashboard.stats.last7Days")}</CardDescription>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className="text-3xl font-semibold tabular-nums">{value}</p>
        {footer}
      </CardContent>
    </Card>
  );
}

/**
 * SPEC §2: the volume and transactions cards, shown only when consolidated data exists (a merchant
 * never paid sees neither). Volume is in the billing currency (exchangeRate, 2 decimals, SPEC §9).
 */
export function StatsCards({ state }: { state: Remote<DashboardDto> }) {
  const { t, i18n } = useTranslation("common");
  if (state.status === "loading") {
    return (
      <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
        <Skeleton className="h-36 rounded-xl" />
        <Skeleton className="h-36 rounded-xl" />
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <p role="alert" className="rounded-md border border-destructive/30 px-4 py-3 text-sm text-destructive">
        {t("dashboard.stats.error")} {state.message}
      </p>
    );
  }
  const { consolidated, exchangeRate, billingCurrency } = state.data;
  if (!consolidated) return null;
  const money = (usd: string) => formatBilling(usd, exchangeRate, billingCurrency, i18n.language);
  const count = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StatCard
        testId="volume-card"
        title={t("dashboard.stats.volume")}
        value={money(consolidated.volume.total)}
        footer={
          <>
            <ChangeLine change={consolidated.volume.change} />
            <p className="text-sm text-muted-foreground">{t("dashboard.stats.allTime", { total: money(consolidated.historicalTotal) })}</p>
          </>
        }
      />
      <StatCard
        testId="transactions-card"
        title={t("dashboard.stats.transactions")}
        value={count(consolidated.paid.count)}
        footer={
          <>
            <ChangeLine change={consolidated.paid.change} />
            <p className="text-sm text-muted-foreground">{t("dashboard.stats.allTimeCount", { count: count(consolidated.totalTransactions) })}</p>
          </>
        }
      />
    </div>
  );
}
