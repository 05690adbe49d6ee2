import { useTranslation } from "react-i18next";
import { CopyIcon, ReceiptTextIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import type { CheckoutDto } from "@/lib/cart";
import { paymentRowStatus } from "@/lib/status";
import { formatDateTime } from "@/lib/transaction-details";
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

/** Order ID: the public id (hashedId), else the internal one. */
export const checkoutOrderId = (row: Pick<CheckoutDto, "hashedId" | "_id">) => row.hashedId || row._id;

/**
 * The zCart checkouts, like zLink's table: Date Time, Order ID, Amount (the default quantities'
 * total), Label, Status, Details when paid else Copy Link, and a menu with Edit and View
 * Instructions for enabled checkouts without a payment.
 */
export function CheckoutsTable({ rows, loading, onDetails, onCopyLink, onEdit, onInstructions, timeZone }: CheckoutsTableProps) {
  const { t, i18n } = useTranslation("checkouts");
  const columns: DataTableColumn<CheckoutDto>[] = [
    { id: "createdAt", header: t("checkouts.columns.dateTime"), cell: (r) => formatDateTime(r.createdAt, i18n.language, timeZone) },
    { id: "orderId", header: t("checkouts.columns.orderId"), cell: (r) => <span className="font-mono">{checkoutOrderId(r)}</span> },
    { id: "amount", header: t("checkouts.columns.amount"), cell: (r) => formatPrice(r.price, r.currency, i18n.language), className: "text-right" },
    { id: "label", header: t("checkouts.columns.label"), cell: (r) => <span className="block max-w-56 truncate" title={r.label}>{r.label}</span> },
    { id: "status", header: t("checkouts.columns.status"), cell: (r) => <StatusChip status={paymentRowStatus(r)} /> },
    {
      id: "actions",
      header: t("checkouts.columns.actions"),
      cell: (r) =>
        r.paymentInfo ? (
          <Button size="sm" variant="outline" aria-label={t("checkouts.actions.detailsOf", { orderId: checkoutOrderId(r) })} onClick={() => onDetails(r)}>
            <ReceiptTextIcon aria-hidden="true" />
            {t("checkouts.actions.details")}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={!r.enabled}
            aria-label={t("checkouts.actions.copyLinkOf", { orderId: checkoutOrderId(r) })}
            onClick={() => onCopyLink(r)}
          >
            <CopyIcon aria-hidden="true" />
            {t("checkouts.actions.copyLink")}
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
      caption={t("checkouts.caption")}
      emptyMessage={t("checkouts.empty")}
      rowLabel={(r) => checkoutOrderId(r)}
      rowActions={(r) =>
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
