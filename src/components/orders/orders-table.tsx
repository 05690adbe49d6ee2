import { useTranslation } from "react-i18next";
import { DateTime } from "@/components/ui/date-time";
import { DataTable, type DataTableColumn, type DataTableRowAction } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import { orderTypeLabel, type OrderDto } from "@/lib/order-types";
import { paymentStatus } from "@/lib/status";
import { refundSummary } from "@/lib/transaction-details";
import { formatTokenAmount } from "@/lib/token-format";
import { shortenAddress } from "@/lib/address";

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
  const { t, i18n } = useTranslation("orders");
  const refund = refundSummary(row);
  const received = row.recievedAmount ? formatTokenAmount(row.recievedAmount, i18n.language) : t("notReceived");
  if (!refund) return received;
  return (
    // One box, so a phone's card (label left, value right) keeps the two lines stacked on the right.
    <span className="inline-block text-right">
      {received}{" "}
      <span className="block text-xs text-muted-foreground">{t("refunded", { amount: formatTokenAmount(refund.amount, i18n.language) })}</span>
    </span>
  );
}

/** The product's own name, with its type under it (two zLink orders no longer look alike). */
function ProductCell({ row }: { row: OrderDto }) {
  const { t } = useTranslation("orders");
  const type = t(`details.productTypes.${row.type}`, { ns: "zlink", defaultValue: orderTypeLabel(row.type) });
  if (!row.productLabel) return type;
  return (
    <span className="block max-w-56 min-w-0 text-right sm:text-left">
      <span className="block truncate font-medium" title={row.productLabel}>
        {row.productLabel}
      </span>
      <span className="block truncate text-xs text-muted-foreground">{type}</span>
    </span>
  );
}

/** Who paid: the e-mail the product knows, else a donor's name, else the paying wallet shortened. */
function payerOf(row: OrderDto): string | null {
  return row.payerEmail ?? row.orderDetails?.donor?.name ?? (row.payer ? shortenAddress(row.payer) : null);
}

/**
 * SPEC §2 Transactions: Date, Order ID, the product (its name and type) and the payer (issue 28),
 * Requested Amount, Received Amount (token amounts in the reader's language), Status and the row's menu (Details; Refund when the page wires a refund dialog).
 */
export function OrdersTable({ rows, loading, onDetails, onRefund, timeZone }: OrdersTableProps) {
  const { t, i18n } = useTranslation("orders");
  const columns: DataTableColumn<OrderDto>[] = [
    { id: "date", header: t("columns.date"), cell: (r) => <DateTime iso={r.createdAt} locale={i18n.language} timeZone={timeZone} />, fit: "wrap" },
    { id: "orderId", header: t("columns.orderId"), cell: (r) => <span className="font-mono">{r.orderId}</span> },
    { id: "product", header: t("columns.product"), cell: (r) => <ProductCell row={r} />, fit: "truncate" },
    {
      id: "payer",
      header: t("columns.payer"),
      cell: (r) => (
        <span className="block truncate" title={payerOf(r) ?? undefined}>
          {payerOf(r) ?? t("notReceived")}
        </span>
      ),
      fit: "truncate",
    },
    { id: "requested", header: t("columns.requested"), cell: (r) => formatTokenAmount(r.requestedAmount, i18n.language), className: "text-right", fit: "wrap" },
    { id: "received", header: t("columns.received"), cell: (r) => <ReceivedCell row={r} />, className: "text-right", fit: "wrap" },
    { id: "status", header: t("columns.status"), cell: (r) => <StatusChip status={paymentStatus(r)} /> },
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
