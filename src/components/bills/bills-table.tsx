import { useTranslation } from "react-i18next";
import { CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn, type DataTableRowAction } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import { billActions, formatDecimalAmount } from "@/lib/bills-display";
import type { BillDto } from "@/lib/invoice";
import { shownPayLabel } from "@/lib/pay-label";
import { billStatus } from "@/lib/status";
import { formatDateTime } from "@/lib/transaction-details";

export interface BillsTableProps {
  rows: BillDto[];
  loading?: boolean;
  onCopyLink: (row: BillDto) => void;
  onEdit: (row: BillDto) => void;
  onInstructions: (row: BillDto) => void;
  onView: (row: BillDto) => void;
  onDetails: (row: BillDto) => void;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

/** SPEC Order ID: the public id (hashedId), else the internal one. */
export const billOrderId = (row: Pick<BillDto, "hashedId" | "_id">) => row.hashedId || row._id;

/**
 * The zInvoice table (SPEC /bills): Created At, Order ID, Label, Price, Status chip (reading 2),
 * Copy Link, and a menu with Edit, View Instructions, View Invoice (and Invoice Details).
 */
export function BillsTable({ rows, loading, onCopyLink, onEdit, onInstructions, onView, onDetails, timeZone }: BillsTableProps) {
  const { t, i18n } = useTranslation("invoices");
  const columns: DataTableColumn<BillDto>[] = [
    { id: "createdAt", header: t("bills.columns.createdAt"), cell: (r) => formatDateTime(r.createdAt, i18n.language, timeZone) },
    { id: "orderId", header: t("bills.columns.orderId"), cell: (r) => <span className="font-mono">{billOrderId(r)}</span> },
    {
      id: "label",
      header: t("bills.columns.label"),
      cell: (r) => {
        const label = shownPayLabel(r.label, t);
        return (
          <span className="block max-w-56 truncate" title={label}>
            {label}
          </span>
        );
      },
    },
    { id: "price", header: t("bills.columns.price"), cell: (r) => formatDecimalAmount(r.price, r.currency, i18n.language), className: "text-right" },
    { id: "status", header: t("bills.columns.status"), cell: (r) => <StatusChip status={billStatus(r.status)} /> },
    {
      id: "actions",
      header: t("bills.columns.actions"),
      cell: (r) => (
        <Button
          size="sm"
          variant="outline"
          disabled={!billActions(r).instructions}
          aria-label={t("actions.copyLinkOf", { id: billOrderId(r) })}
          onClick={() => onCopyLink(r)}
        >
          <CopyIcon aria-hidden="true" />
          {t("actions.copyLink")}
        </Button>
      ),
    },
  ];
  const menu = (r: BillDto): DataTableRowAction[] => {
    const can = billActions(r);
    return [
      ...(can.edit ? [{ label: t("actions.edit"), onSelect: () => onEdit(r) }] : []),
      ...(can.instructions ? [{ label: t("actions.instructions"), onSelect: () => onInstructions(r) }] : []),
      { label: t("actions.view"), onSelect: () => onView(r) },
      { label: t("actions.details"), onSelect: () => onDetails(r) },
    ];
  };
  return (
    <DataTable
      columns={columns}
      rows={rows}
      loading={loading}
      getRowId={(r) => r._id}
      caption={t("bills.caption")}
      emptyMessage={t("bills.empty")}
      rowLabel={(r) => billOrderId(r)}
      rowActions={menu}
    />
  );
}
