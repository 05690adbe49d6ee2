import { useTranslation } from "react-i18next";
import type { DataTableColumn } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import { ProductTable, productOrderId } from "@/components/products/product-row-actions";
import { paymentRowStatus } from "@/lib/status";
import { formatDateTime } from "@/lib/transaction-details";
import type { CheckoutDto } from "@/lib/cart";
import { formatPrice, showsRowMenu } from "@/lib/zlink";

export interface CheckoutsTableProps {
  rows: CheckoutDto[];
  loading?: boolean;
  onDetails: (row: CheckoutDto) => void;
  onCopyLink: (row: CheckoutDto) => void;
  onEdit: (row: CheckoutDto) => void;
  onInstructions: (row: CheckoutDto) => void;
  timeZone?: string;
}

/**
 * The zCart checkouts, like zLink's table: Date Time, Order ID, Amount (the default quantities'
 * total), Label, Status, Details when paid else Copy Link, and a menu with Edit and View
 * Instructions for enabled checkouts without a payment.
 */
export function CheckoutsTable({ rows, loading, onDetails, onCopyLink, onEdit, onInstructions, timeZone }: CheckoutsTableProps) {
  const { t, i18n } = useTranslation("checkouts");
  const columns: DataTableColumn<CheckoutDto>[] = [
    { id: "createdAt", header: t("checkouts.columns.dateTime"), cell: (r) => formatDateTime(r.createdAt, i18n.language, timeZone) },
    { id: "orderId", header: t("checkouts.columns.orderId"), cell: (r) => <span className="font-mono">{productOrderId(r)}</span> },
    { id: "amount", header: t("checkouts.columns.amount"), cell: (r) => formatPrice(r.price, r.currency, i18n.language), className: "text-right" },
    { id: "label", header: t("checkouts.columns.label"), cell: (r) => <span className="block max-w-56 truncate" title={r.label}>{r.label}</span> },
    { id: "status", header: t("checkouts.columns.status"), cell: (r) => <StatusChip status={paymentRowStatus(r)} /> },
  ];
  return (
    <ProductTable
      ns="checkouts"
      keyPrefix="checkouts"
      rows={rows}
      loading={loading}
      columns={columns}
      onDetails={onDetails}
      onCopyLink={onCopyLink}
      menu={(r) =>
        showsRowMenu(r)
          ? [
              { label: t("checkouts.actions.edit"), onSelect: () => onEdit(r) },
              { label: t("checkouts.actions.instructions"), onSelect: () => onInstructions(r) },
            ]
          : []
      }
    />
  );
}
