import { useTranslation } from "react-i18next";
import { CopyIcon, ReceiptTextIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import { paymentRowStatus } from "@/lib/status";
import { formatDateTime } from "@/lib/transaction-details";
import { formatPrice, showsRowMenu, type QuickPayDto } from "@/lib/zlink";

export interface ZLinkTableProps {
  rows: QuickPayDto[];
  loading?: boolean;
  onDetails: (row: QuickPayDto) => void;
  onCopyLink: (row: QuickPayDto) => void;
  onEdit: (row: QuickPayDto) => void;
  onInstructions: (row: QuickPayDto) => void;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

/** SPEC §2 Order ID: the public id (hashedId), else the internal one. */
export const orderIdOf = (row: Pick<QuickPayDto, "hashedId" | "_id">) => row.hashedId || row._id;

/**
 * The zLink table (SPEC §2): Date Time, Order ID, Amount with currency, Label, Status chip,
 * Actions (Details when paid, else Copy Link) and, for enabled links without a payment, a menu
 * with Edit and View Instructions.
 */
export function ZLinkTable({ rows, loading, onDetails, onCopyLink, onEdit, onInstructions, timeZone }: ZLinkTableProps) {
  const { t, i18n } = useTranslation("zlink");
  const columns: DataTableColumn<QuickPayDto>[] = [
    { id: "createdAt", header: t("columns.dateTime"), cell: (r) => formatDateTime(r.createdAt, i18n.language, timeZone) },
    { id: "orderId", header: t("columns.orderId"), cell: (r) => <span className="font-mono">{orderIdOf(r)}</span> },
    { id: "amount", header: t("columns.amount"), cell: (r) => formatPrice(r.price, r.currency, i18n.language), className: "text-right" },
    { id: "label", header: t("columns.label"), cell: (r) => <span className="block max-w-56 truncate" title={r.label}>{r.label}</span> },
    { id: "status", header: t("columns.status"), cell: (r) => <StatusChip status={paymentRowStatus(r)} /> },
    {
      id: "actions",
      header: t("columns.actions"),
      cell: (r) =>
        r.paymentInfo ? (
          <Button size="sm" variant="outline" aria-label={t("actions.detailsOf", { orderId: orderIdOf(r) })} onClick={() => onDetails(r)}>
            <ReceiptTextIcon aria-hidden="true" />
            {t("actions.details")}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={!r.enabled}
            aria-label={t("actions.copyLinkOf", { orderId: orderIdOf(r) })}
            onClick={() => onCopyLink(r)}
          >
            <CopyIcon aria-hidden="true" />
            {t("actions.copyLink")}
          </Button>
        ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      loading={loading}
      getRowId={(r) => r._id}
      caption={t("caption")}
      emptyMessage={t("empty")}
      rowLabel={(r) => orderIdOf(r)}
      rowActions={(r) =>
        showsRowMenu(r)
          ? [
              { label: t("actions.edit"), onSelect: () => onEdit(r) },
              { label: t("actions.instructions"), onSelect: () => onInstructions(r) },
            ]
          : []
      }
    />
  );
}
