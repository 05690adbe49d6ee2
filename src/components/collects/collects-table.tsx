import { useTranslation } from "react-i18next";
import type { DataTableColumn } from "@/components/ui/table";
import { DateTime } from "@/components/ui/date-time";
import { StatusChip } from "@/components/ui/status-chip";
import { ProductTable, productOrderId } from "@/components/products/product-row-actions";
import { showsCollectMenu, type CollectDto } from "@/lib/collect";
import { paymentRowStatus } from "@/lib/status";
import { formatPrice } from "@/lib/zlink";

export interface CollectsTableProps {
  rows: CollectDto[];
  loading?: boolean;
  onDetails: (row: CollectDto) => void;
  onCopyLink: (row: CollectDto) => void;
  onEdit: (row: CollectDto) => void;
  onInstructions: (row: CollectDto) => void;
  onRemind: (row: CollectDto) => void;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

/**
 * The zRequest table (SPEC §2): Created At, Order ID, Name, Email, Amount, Status, actions
 * (Details when a payment exists, else Copy Link) and, while open, a menu with Edit (when the
 * request has an update URL), View Instructions and Send reminder.
 */
export function CollectsTable({ rows, loading, onDetails, onCopyLink, onEdit, onInstructions, onRemind, timeZone }: CollectsTableProps) {
  const { t, i18n } = useTranslation("collects");
  const columns: DataTableColumn<CollectDto>[] = [
    { id: "createdAt", header: t("columns.createdAt"), cell: (r) => <DateTime iso={r.createdAt} locale={i18n.language} timeZone={timeZone} />, fit: "wrap" },
    { id: "orderId", header: t("columns.orderId"), cell: (r) => <span className="font-mono">{productOrderId(r)}</span> },
    { id: "name", header: t("columns.name"), cell: (r) => <span className="block max-w-40 truncate" title={r.name}>{r.name}</span>, fit: "truncate" },
    { id: "email", header: t("columns.email"), cell: (r) => <span className="block max-w-56 truncate" title={r.email}>{r.email}</span>, fit: "truncate" },
    { id: "amount", header: t("columns.amount"), cell: (r) => formatPrice(r.price, r.currency, i18n.language), className: "text-right" },
    { id: "status", header: t("columns.status"), cell: (r) => <StatusChip status={paymentRowStatus(r)} /> },
  ];
  return (
    <ProductTable
      ns="collects"
      rows={rows}
      loading={loading}
      columns={columns}
      onDetails={onDetails}
      onCopyLink={onCopyLink}
      menu={(r) =>
        showsCollectMenu(r)
          ? [
              ...(r.updateUrl ? [{ label: t("actions.edit"), onSelect: () => onEdit(r) }] : []),
              { label: t("actions.instructions"), onSelect: () => onInstructions(r) },
              { label: t("actions.remind"), onSelect: () => onRemind(r) },
            ]
          : []
      }
    />
  );
}
