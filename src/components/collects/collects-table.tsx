import { useTranslation } from "react-i18next";
import { CopyIcon, ReceiptTextIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import { showsCollectMenu, type CollectDto } from "@/lib/collect";
import { paymentRowStatus } from "@/lib/status";
import { formatDateTime } from "@/lib/transaction-details";
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

/** Order ID: the public id (hashedId), else the internal one. */
export const collectOrderId = (row: Pick<CollectDto, "hashedId" | "_id">) => row.hashedId || row._id;

/**
 * The zRequest table (SPEC §2): Created At, Order ID, Name, Email, Amount, Status, actions
 * (Details when a payment exists, else Copy Link) and, while open, a menu with Edit (when the
 * request has an update URL), View Instructions and Send reminder.
 */
export function CollectsTable({ rows, loading, onDetails, onCopyLink, onEdit, onInstructions, onRemind, timeZone }: CollectsTableProps) {
  const { t, i18n } = useTranslation("collects");
  const columns: DataTableColumn<CollectDto>[] = [
    { id: "createdAt", header: t("columns.createdAt"), cell: (r) => formatDateTime(r.createdAt, i18n.language, timeZone) },
    { id: "orderId", header: t("columns.orderId"), cell: (r) => <span className="font-mono">{collectOrderId(r)}</span> },
    { id: "name", header: t("columns.name"), cell: (r) => <span className="block max-w-40 truncate" title={r.name}>{r.name}</span> },
    { id: "email", header: t("columns.email"), cell: (r) => <span className="block max-w-56 truncate" title={r.email}>{r.email}</span> },
    { id: "amount", header: t("columns.amount"), cell: (r) => formatPrice(r.price, r.currency, i18n.language), className: "text-right" },
    { id: "status", header: t("columns.status"), cell: (r) => <StatusChip status={paymentRowStatus(r)} /> },
    {
      id: "actions",
      header: t("columns.actions"),
      cell: (r) =>
        r.paymentInfo ? (
          <Button size="sm" variant="outline" aria-label={t("actions.detailsOf", { orderId: collectOrderId(r) })} onClick={() => onDetails(r)}>
            <ReceiptTextIcon aria-hidden="true" />
            {t("actions.details")}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={!r.enabled}
            aria-label={t("actions.copyLinkOf", { orderId: collectOrderId(r) })}
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
      rowLabel={(r) => collectOrderId(r)}
      rowActions={(r) =>
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
