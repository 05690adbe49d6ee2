import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn, type DataTableRowAction } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import { orderTypeLabel, type OrderDto } from "@/lib/order-types";
import { paymentStatus } from "@/lib/status";
import { formatAmount, formatDateTime, refundSummary } from "@/lib/transaction-details";

export interface OrdersTableProps {
  rows: OrderDto[];
  loading?: boolean;
  onDetails: (row: OrderDto) => void;
  /** Shows a 'Refund' item in each row's menu when given (the refund dialog lives elsewhere). */
  onRefund?: (row: OrderDto) => void;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

/** The received amount, and under it what was refunded of it (the chip keeps reading Completed for a validated payment). */
function ReceivedCell({ row }: { row: OrderDto }) {
  const { t } = useTranslation("orders");
  const refund = refundSummary(row);
  const received = row.recievedAmount ? formatAmount(row.recievedAmount) : t("notReceived");
  if (!refund) return received;
  return (
    // One box, so a phone's card (label left, value right) keeps the two lines stacked on the right.
    <span className="inline-block text-right">
      {received}{" "}
      <span className="block text-xs text-muted-foreground">{t("refunded", { amount: formatAmount(refund.amount) })}</span>
    </span>
  );
}

/**
 * SPEC §2 Transactions: Date, Order ID, Requested Amount, Received Amount, Status, Type and the
 * row's menu (Details; Refund when the page wires a refund dialog).
 */
export function OrdersTable({ rows, loading, onDetails, onRefund, timeZone }: OrdersTableProps) {
  const { t, i18n } = useTranslation("orders");
  const columns: DataTableColumn<OrderDto>[] = [
    { id: "date", header: t("columns.date"), cell: (r) => formatDateTime(r.createdAt, i18n.language, timeZone) },
    { id: "orderId", header: t("columns.orderId"), cell: (r) => <span className="font-mono">{r.orderId}</span> },
    { id: "requested", header: t("columns.requested"), cell: (r) => formatAmount(r.requestedAmount), className: "text-right" },
    { id: "received", header: t("columns.received"), cell: (r) => <ReceivedCell row={r} />, className: "text-right" },
    { id: "status", header: t("columns.status"), cell: (r) => <StatusChip status={paymentStatus(r)} /> },
    // The reader's language, as the Details dialog names it (Don, Facture); the CSV keeps the brand labels.
    { id: "type", header: t("columns.type"), cell: (r) => t(`details.productTypes.${r.type}`, { ns: "zlink", defaultValue: orderTypeLabel(r.type) }) },
  ];
  const actions = (r: OrderDto): DataTableRowAction[] => [
    { label: t("actions.details"), onSelect: () => onDetails(r) },
    // Only money that arrived can go back (a fully refunded payment reads refunded, not paid).
    ...(onRefund && (r.status === "paid" || r.status === "validated") ? [{ label: t("actions.refund"), onSelect: () => onRefund(r) }] : []),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      loading={loading}
      getRowId={(r) => r._id}
      caption={t("caption")}
      emptyMessage={t("empty")}
      rowLabel={(r) => r.orderId}
      rowActions={actions}
    />
  );
}
