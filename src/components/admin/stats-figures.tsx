import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import { chainById } from "@/lib/chains";
import type { AdminStatsDto, StatsBucket } from "@/lib/admin-stats";
import { paymentStatus } from "@/lib/status";

const usd = (value: string, locale: string) => new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(Number(value));
const whole = (value: number, locale: string) => new Intl.NumberFormat(locale).format(value);

function Figure({ title, value, detail, testId }: { title: string; value: string; detail: string; testId: string }) {
  return (
    <Card data-testid={testId} className="gap-2">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1">
        <p className="text-3xl font-semibold tabular-nums">{value}</p>
        <CardDescription>{detail}</CardDescription>
      </CardContent>
    </Card>
  );
}

/** Merchants, payments and paid volume of the range: three cards. */
export function StatsCards({ stats }: { stats: AdminStatsDto }) {
  const { t, i18n } = useTranslation("admin");
  const locale = i18n.language;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Figure
        testId="admin-merchants"
        title={t("stats.cards.merchants")}
        value={whole(stats.merchants.total, locale)}
        detail={t("stats.cards.merchantsDetail", { new: whole(stats.merchants.new, locale), active: whole(stats.merchants.active, locale) })}
      />
      <Figure
        testId="admin-payments"
        title={t("stats.cards.payments")}
        value={whole(stats.payments, locale)}
        detail={t("stats.cards.paymentsDetail", { paid: whole(stats.paid.count, locale) })}
      />
      <Figure testId="admin-volume" title={t("stats.cards.volume")} value={usd(stats.paid.volume, locale)} detail={t("stats.cards.volumeDetail")} />
    </div>
  );
}

type Row = StatsBucket & { key: string; label: ReactNode };

function BucketTable({ title, first, rows }: { title: string; first: string; rows: Row[] }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <Card className="min-w-0 gap-3">
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <DataTable
          caption={title}
          rows={rows}
          getRowId={(r) => r.key}
          emptyMessage={t("stats.noPayments")}
          columns={[
            { id: "label", header: first, cell: (r) => r.label },
            { id: "count", header: t("stats.columns.count"), cell: (r) => whole(r.count, i18n.language), className: "text-right tabular-nums" },
            { id: "volume", header: t("stats.columns.volume"), cell: (r) => usd(r.volume, i18n.language), className: "text-right tabular-nums" },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** Payments of the range by status and by chain, with the paid volume of each. */
export function StatsBreakdown({ stats }: { stats: AdminStatsDto }) {
  const { t } = useTranslation("admin");
  const byStatus: Row[] = Object.entries(stats.byStatus).map(([status, b]) => ({
    ...b,
    key: status,
    label: <StatusChip status={paymentStatus({ status })} />,
  }));
  const byChain: Row[] = stats.byChain.map((c) => ({ ...c, key: String(c.chain), label: chainById(c.chain)?.name ?? String(c.chain) }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <BucketTable title={t("stats.byStatus")} first={t("stats.columns.status")} rows={byStatus} />
      <BucketTable title={t("stats.byChain")} first={t("stats.columns.chain")} rows={byChain} />
    </div>
  );
}
