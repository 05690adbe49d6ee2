import * as React from "react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/table";
import { checkMonthRange, lastMonths, type BillingRowDto, type MonthRange } from "@/lib/admin-stats";
import type { ApiClient } from "@/lib/api-client";
import { saveCsvWithProgress } from "@/lib/csv-download";
import { formatBaseUnits, parseBaseUnits } from "@/lib/money";
import { showToast } from "@/stores/toasts";
import { RangeForm } from "./range-form";

export interface AdminBillingPageProps {
  api: ApiClient;
  /** GET of billing.csv with the session's token (`format=csv`); the answer is streamed. */
  fetchCsv: (query: string) => Promise<Response>;
  /** The months the page opens on (default the last 12); fixed in stories. */
  initialRange?: MonthRange;
}

/** Months of the page's default range, the current one included. */
const DEFAULT_MONTHS = 12;
const USD_DECIMALS = 6;

type State = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; rows: BillingRowDto[] };

/**
 * /admin-billing (permission `admin_stats`): paid volume per merchant per month over chosen
 * months, with totals, exportable as billing.csv (the same rows, streamed by the server).
 */
export function AdminBillingPage({ api, fetchCsv, initialRange }: AdminBillingPageProps) {
  const { t, i18n } = useTranslation("admin");
  const [range, setRange] = React.useState<MonthRange>(() => initialRange ?? lastMonths(DEFAULT_MONTHS));
  const [state, setState] = React.useState<State>({ status: "loading" });
  const [downloaded, setDownloaded] = React.useState<number | null>(null);
  const query = `from=${range.from}&to=${range.to}`;

  React.useEffect(() => {
    let live = true;
    api.get<{ data: BillingRowDto[] }>(`/v2/admin-billing?${query}`).then(
      ({ data }) => live && setState({ status: "ready", rows: data }),
      (err: unknown) => live && setState({ status: "error", message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [api, query]);

  const download = async () => {
    setDownloaded(0);
    try {
      const res = await fetchCsv(`${query}&format=csv`);
      if (!res.ok) throw new Error(res.statusText || String(res.status));
      const rows = await saveCsvWithProgress(res, "billing.csv", setDownloaded);
      showToast({ message: t("billing.downloaded", { rows }), variant: "success" });
    } catch (err) {
      showToast({ message: t("billing.downloadFailed", { message: err instanceof Error ? err.message : String(err) }), variant: "error" });
    } finally {
      setDownloaded(null);
    }
  };

  const locale = i18n.language;
  const usd = (value: string) => new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(Number(value));
  const month = (m: string) => new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${m}-01T00:00:00Z`));
  const rows = state.status === "ready" ? state.rows : [];
  // Totals in base units: adding decimal text as floats would drift.
  const total = rows.reduce((sum, r) => sum + parseBaseUnits(r.volume, USD_DECIMALS), 0n);
  const count = rows.reduce((n, r) => n + r.count, 0);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("billing.title")}</h1>
        <p className="text-muted-foreground">{t("billing.intro")}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <RangeForm
          kind="month"
          value={{ start: range.from, end: range.to }}
          check={(r) => checkMonthRange({ from: r.start, to: r.end })}
          onApply={(r) => {
            setState({ status: "loading" });
            setRange({ from: r.start, to: r.end });
          }}
          busy={state.status === "loading"}
        />
        <Button variant="outline" onClick={() => void download()} disabled={downloaded !== null || state.status !== "ready" || rows.length === 0}>
          {downloaded !== null ? t("billing.downloading", { rows: downloaded }) : t("billing.download")}
        </Button>
      </div>
      {state.status === "error" ? (
        <p role="alert" className="rounded-md border border-destructive/30 px-4 py-3 text-sm text-destructive">
          {t("billing.loadFailed", { message: state.message })}
        </p>
      ) : (
        <>
          <DataTable
            caption={t("billing.caption")}
            rows={rows}
            loading={state.status === "loading"}
            getRowId={(r) => `${r.month}/${r.merchant._id}`}
            emptyMessage={t("billing.empty")}
            columns={[
              { id: "month", header: t("billing.columns.month"), cell: (r) => month(r.month) },
              { id: "merchant", header: t("billing.columns.merchant"), cell: (r) => <AddressDisplay address={r.merchant.publicKey} /> },
              { id: "email", header: t("billing.columns.email"), cell: (r) => <span className="break-all">{r.merchant.email ?? "—"}</span> },
              { id: "count", header: t("billing.columns.count"), cell: (r) => new Intl.NumberFormat(locale).format(r.count), className: "text-right tabular-nums" },
              { id: "volume", header: t("billing.columns.volume"), cell: (r) => usd(r.volume), className: "text-right tabular-nums" },
            ]}
          />
          {rows.length > 0 ? (
            <p className="text-right text-sm font-medium" data-testid="billing-total">
              {t("billing.total", { payments: new Intl.NumberFormat(locale).format(count), volume: usd(formatBaseUnits(total, USD_DECIMALS)) })}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
