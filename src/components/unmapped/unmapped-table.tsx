import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { ExternalLink } from "@/components/ui/external-link";
import { DataTable, type DataTableColumn } from "@/components/ui/table";
import { formatBaseUnits } from "@/lib/money";
import { formatDateTime, transactionLink } from "@/lib/transaction-details";
import type { UnmappedInflowDto } from "@/lib/unmapped";

export interface UnmappedTableProps<R extends UnmappedInflowDto = UnmappedInflowDto> {
  rows: R[];
  loading?: boolean;
  onMap: (row: R) => void;
  /** Refund of an inflow, once the refund dialog exists; no Refund button without it. */
  onRefund?: (row: R) => void;
  /** Shown after Date (the operator's page adds whose inflow it is). */
  extraColumns?: DataTableColumn<R>[];
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

export const inflowAmount = (row: UnmappedInflowDto) => formatBaseUnits(BigInt(row.amount.value), row.amount.decimals);

/** The Unmapped table: Date, Amount, Token, Sender, Hash (explorer link), actions Map (and Refund when offered). */
export function UnmappedTable<R extends UnmappedInflowDto>({ rows, loading, onMap, onRefund, extraColumns = [], timeZone }: UnmappedTableProps<R>) {
  const { t, i18n } = useTranslation("unmapped");
  const named = (r: UnmappedInflowDto) => ({ amount: `${inflowAmount(r)} ${r.amount.currency}`, sender: r.sender });
  const columns: DataTableColumn<R>[] = [
    { id: "date", header: t("columns.date"), cell: (r) => formatDateTime(r.date, i18n.language, timeZone) },
    ...extraColumns,
    { id: "amount", header: t("columns.amount"), cell: (r) => <span className="tabular-nums">{inflowAmount(r)}</span>, className: "text-right" },
    { id: "token", header: t("columns.token"), cell: (r) => r.amount.currency },
    { id: "sender", header: t("columns.sender"), cell: (r) => <AddressDisplay address={r.sender} /> },
    {
      id: "hash",
      header: t("columns.hash"),
      cell: (r) => {
        const href = transactionLink({ hash: r.hash, scanLink: r.scanLink, chain: r.chain });
        if (!href) return <AddressDisplay address={r.hash} chars={6} />;
        return (
          <ExternalLink href={href} className="font-mono text-sm">
            <span aria-hidden="true">{`${r.hash.slice(0, 6)}…${r.hash.slice(-6)}`}</span>
            <span className="sr-only">{r.hash}</span>
          </ExternalLink>
        );
      },
    },
    {
      id: "actions",
      header: <span className="sr-only">{t("actions.map")}</span>,
      label: "",
      cell: (r) => (
        <span className="flex justify-end gap-2">
          <Button size="sm" onClick={() => onMap(r)} aria-label={t("actions.mapOf", named(r))}>
            {t("actions.map")}
          </Button>
          {onRefund ? (
            <Button size="sm" variant="outline" onClick={() => onRefund(r)} aria-label={t("actions.refundOf", named(r))}>
              {t("actions.refund")}
            </Button>
          ) : null}
        </span>
      ),
      className: "text-right",
    },
  ];
  return (
    <DataTable
      caption={t("caption")}
      rows={rows}
      loading={loading}
      columns={columns}
      getRowId={(r) => r._id}
      emptyMessage={t("empty")}
    />
  );
}
