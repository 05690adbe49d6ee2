import * as React from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { noPaymentsIn, type ConsolidatedDto } from "@/lib/dashboard";

/** Only the per-day totals are drawn: the operator statistics pass their own days. */
type ChartProps = { consolidated: Pick<ConsolidatedDto, "current">; exchangeRate: string; billingCurrency: string };
type ChartModule = { default: React.ComponentType<ChartProps> };
const CHART_HEIGHT = 260;
const loadChart = (): Promise<ChartModule> => import("./volume-chart");

/** True once `ref` has come within `margin` of the viewport (then stays true). */
function useSeen(ref: React.RefObject<Element | null>, margin = "200px") {
  // Without IntersectionObserver (very old browsers) the chart simply loads at once.
  const [seen, setSeen] = React.useState(() => typeof IntersectionObserver === "undefined");
  React.useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, margin]);
  return seen;
}

/**
 * The 7-day chart card. ApexCharts is large, so its module is imported only when the card comes
 * into view (IntersectionObserver + dynamic import): the dashboard's first paint does not load it.
 * A range without payments is not drawn at all (a flat line on a made-up dollar axis says less
 * than a sentence): the card says so at the chart's height, and ApexCharts is never loaded.
 * `load` is the import, replaceable in stories.
 */
export function LazyVolumeChart({
  load = loadChart,
  title,
  description,
  emptyText,
  ...props
}: ChartProps & {
  load?: () => Promise<ChartModule>;
  /** Default: the dashboard's 'Last 7 days'. */
  title?: string;
  description?: string;
  /** Shown instead of the chart when no day has a payment. Default: the dashboard's 'No payments in the last 7 days'. */
  emptyText?: string;
}) {
  const { t } = useTranslation("common");
  const ref = React.useRef<HTMLDivElement>(null);
  const seen = useSeen(ref);
  const empty = noPaymentsIn(props.consolidated);
  const [Chart, setChart] = React.useState<ChartModule["default"] | null>(null);
  React.useEffect(() => {
    if (!seen || empty) return;
    let live = true;
    load().then((m) => live && setChart(() => m.default), (err: unknown) => console.warn("chart failed to load", err));
    return () => {
      live = false;
    };
  }, [seen, empty, load]);
  return (
    <Card data-testid="volume-chart" className="min-w-0">
      <CardHeader>
        <CardTitle asChild>
          <h2>{title ?? t("dashboard.chart.title")}</h2>
        </CardTitle>
        <CardDescription>{description ?? t("dashboard.chart.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div ref={ref} className="min-w-0 overflow-hidden" style={{ minHeight: CHART_HEIGHT }}>
          {empty ? (
            <div className="flex items-center justify-center px-4 text-center" style={{ height: CHART_HEIGHT }}>
              <p className="text-sm text-muted-foreground">{emptyText ?? t("dashboard.chart.empty")}</p>
            </div>
          ) : Chart ? (
            <Chart {...props} />
          ) : (
            <div className="flex items-center justify-center" style={{ height: CHART_HEIGHT }}>
              <Spinner label={t("dashboard.chart.loading")} />
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
