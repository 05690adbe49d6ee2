import * as React from "react";
import { useTranslation } from "react-i18next";
import { LazyVolumeChart } from "@/components/dashboard/lazy-volume-chart";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ADMIN_STATS_DEFAULT_DAYS, checkStatsRange, lastDays, type AdminStatsDto, type StatsRange } from "@/lib/admin-stats";
import type { ApiClient } from "@/lib/api-client";
import { formatDateTime } from "@/lib/transaction-details";
import { showToast } from "@/stores/toasts";
import { RangeForm } from "./range-form";
import { StatsBreakdown, StatsCards } from "./stats-figures";

export interface AdminStatsPageProps {
  api: ApiClient;
  /** The range the page opens on (default the last 30 UTC days); fixed in stories. */
  initialRange?: StatsRange;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; stats: AdminStatsDto };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * /admin-stats (permission `admin_stats`): every merchant together over a range of UTC days:
 * merchants, payments by status and chain, paid volume per day (the dashboard's chart). Opens on
 * the cached figures (`/read`); Apply computes the chosen range afresh (`/filter`); the refresh
 * button clears the cache (`/clear-cache`) and reads again.
 */
export function AdminStatsPage({ api, initialRange, timeZone }: AdminStatsPageProps) {
  const { t, i18n } = useTranslation("admin");
  const [range, setRange] = React.useState<StatsRange>(() => initialRange ?? lastDays(ADMIN_STATS_DEFAULT_DAYS));
  const [state, setState] = React.useState<State>({ status: "loading" });

  const run = React.useCallback(async (request: () => Promise<{ data: AdminStatsDto }>) => {
    setState({ status: "loading" });
    try {
      setState({ status: "ready", stats: (await request()).data });
    } catch (err) {
      setState({ status: "error", message: errorText(err) });
    }
  }, []);
  const read = React.useCallback(
    (r: StatsRange) => run(() => api.get<{ data: AdminStatsDto }>(`/v2/admin-stats/read?start=${r.start}&end=${r.end}`)),
    [api, run],
  );

  // Opens once on the first range; later ranges go through Apply.
  const [opening] = React.useState(range);
  React.useEffect(() => {
    let live = true;
    api.get<{ data: AdminStatsDto }>(`/v2/admin-stats/read?start=${opening.start}&end=${opening.end}`).then(
      ({ data }) => live && setState({ status: "ready", stats: data }),
      (err: unknown) => live && setState({ status: "error", message: errorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [api, opening]);

  const apply = (r: StatsRange) => {
    setRange(r);
    void run(() => api.post<{ data: AdminStatsDto }>("/v2/admin-stats/filter", r));
  };
  const refresh = async () => {
    try {
      await api.post("/v2/admin-stats/clear-cache", {});
      showToast({ message: t("stats.cleared"), variant: "success" });
    } catch (err) {
      showToast({ message: errorText(err), variant: "error" });
      return;
    }
    await read(range);
  };

  const day = (d: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("stats.title")}</h1>
        <p className="text-muted-foreground">{t("stats.intro")}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <RangeForm kind="date" value={range} check={checkStatsRange} onApply={apply} busy={state.status === "loading"} />
        <Button variant="outline" onClick={() => void refresh()} disabled={state.status === "loading"}>
          {t("stats.refresh")}
        </Button>
      </div>
      {state.status === "loading" ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <div className="grid gap-4 sm:grid-cols-3">
            <Skeleton className="h-32 rounded-xl" />
            <Skeleton className="h-32 rounded-xl" />
            <Skeleton className="h-32 rounded-xl" />
          </div>
          <Skeleton className="h-72 rounded-xl" />
        </div>
      ) : state.status === "error" ? (
        <p role="alert" className="rounded-md border border-destructive/30 px-4 py-3 text-sm text-destructive">
          {t("stats.loadFailed", { message: state.message })}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="admin-computed-at">
            {t("stats.computedAt", { when: formatDateTime(state.stats.computedAt, i18n.language, timeZone) })}
            {state.stats.cached ? ` (${t("stats.fromCache")})` : ""}
          </p>
          <StatsCards stats={state.stats} />
          <LazyVolumeChart
            consolidated={{ current: state.stats.days }}
            exchangeRate="1"
            billingCurrency="USD"
            title={t("stats.chart.title")}
            description={t("stats.chart.description", { start: day(state.stats.range.start), end: day(state.stats.range.end) })}
            emptyText={t("stats.chart.empty")}
          />
          <StatsBreakdown stats={state.stats} />
        </>
      )}
    </div>
  );
}
