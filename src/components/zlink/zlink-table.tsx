import { useTranslation } from "react-i18next";
import type { DataTableColumn } from "@/components/ui/table";
import { DateTime } from "@/components/ui/date-time";
import { StatusChip } from "@/components/ui/status-chip";
import { ProductTable, productOrderId } from "@/components/products/product-row-actions";
import { paymentRowStatus } from "@/lib/status";
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

/**
 * The zLink table (SPEC §2): Date Time, Order ID, Amount with currency, Label, Status chip,
 * Actions (Details when paid, else Copy Link) and, for enabled links without a payment, a menu
 * with Edit and View Instructions.
 */
export function ZLinkTable({ rows, loading, onDetails, onCopyLink, onEdit, onInstructions, timeZone }: ZLinkTableProps) {
  const { t, i18n } = useTranslation("zlink");
  const columns: DataTableColumn<QuickPayDto>[] = [
    { id: "createdAt", header: t("columns.dateTime"), cell: (r) => <DateTime iso={r.createdAt} locale={i18n.language} timeZone={timeZone} />, fit: "wrap" },
    { id: "orderId", header: t("columns.orderId"), cell: (r) => <span className="font-mono">{productOrderId(r)}</span> },
    { id: "amount", header: t("columns.amount"), cell: (r) => formatPrice(r.price, r.currency, i18n.language), className: "text-right" },
    { id: "label", header: t("columns.label"), cell: (r) => <span className="block max-w-56 truncate" title={r.label}>{r.label}</span>, fit: "truncate" },
    { id: "status", header: t("columns.status"), cell: (r) => <StatusChip status={paymentRowStatus(r)} /> },
  ];
  return (
    <ProductTable
      ns="zlink"
      rows={rows}
      loading={loading}
      columns={columns}
      onDetails={onDetails}
      onCopyLink={onCopyLink}
      menu={(r) =>
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
