import Chart from "react-apexcharts";
import type { ApexOptions } from "apexcharts";
import { useTranslation } from "react-i18next";
import { chartDays, toBillingCurrency, type ConsolidatedDto } from "@/lib/dashboard";
import { formatBilling } from "./format";

// ApexCharts computes gradients from its colours, so it needs plain hex rather than the theme's
// oklch custom properties: these are the light theme's primary, border and muted-foreground.
const PRIMARY = "#4338ca";
const BORDER = "#e2e5ec";
const MUTED = "#5b6170";

/**
 * The 7-day volume chart (SPEC §2), ApexCharts. Heavy: import it only through `LazyVolumeChart`,
 * which loads this module when the chart scrolls into view.
 */
export default function VolumeChart({ consolidated, exchangeRate, billingCurrency }: { consolidated: Pick<ConsolidatedDto, "current">; exchangeRate: string; billingCurrency: string }) {
  const { t, i18n } = useTranslation("common");
  const days = chartDays(consolidated);
  const dayLabel = new Intl.DateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" });
  // Axis labels in whole units (the tooltip keeps the cents).
  const axisLabel = (v: number) => {
    try {
      return new Intl.NumberFormat(i18n.language, { style: "currency", currency: billingCurrency, maximumFractionDigits: 0 }).format(v);
    } catch {
      return `${Math.round(v)} ${billingCurrency}`;
    }
  };
  const options: ApexOptions = {
    chart: { id: "dashboard-volume", toolbar: { show: false }, zoom: { enabled: false }, fontFamily: "inherit", animations: { enabled: false } },
    colors: [PRIMARY],
    dataLabels: { enabled: false },
    stroke: { curve: "smooth", width: 2 },
    fill: { type: "gradient", gradient: { opacityFrom: 0.4, opacityTo: 0.05 } },
    grid: { borderColor: BORDER, strokeDashArray: 4 },
    xaxis: { categories: days.map((d) => dayLabel.format(new Date(`${d.date}T00:00:00Z`))), labels: { style: { colors: MUTED } } },
    yaxis: { labels: { formatter: axisLabel, style: { colors: MUTED } } },
    tooltip: { y: { formatter: (v) => formatBilling(v ?? 0, "1", billingCurrency, i18n.language) } },
    // Without any day (a range the server had nothing for) say so rather than draw a bare frame.
    noData: { text: t("dashboard.chart.noData"), style: { color: MUTED, fontSize: "14px" } },
  };
  const series = [{ name: t("dashboard.chart.volume"), data: days.map((d) => Number(toBillingCurrency(d.paid, exchangeRate))) }];
  return <Chart type="area" height={260} options={options} series={series} />;
}
