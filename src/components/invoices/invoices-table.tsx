import { useTranslation } from "react-i18next";
import { EyeIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn, type DataTableRowAction } from "@/components/ui/table";
import { StatusChip } from "@/components/ui/status-chip";
import { formatInvoiceAmount, invoiceActions } from "@/lib/bills-display";
import { formatInvoiceDate } from "@/lib/invoice-form";
import type { InvoiceDto } from "@/lib/invoice";
import { billStatus } from "@/lib/status";

export interface InvoicesTableProps {
  rows: InvoiceDto[];
  loading?: boolean;
  onView: (row: InvoiceDto) => void;
  onDetails: (row: InvoiceDto) => void;
  onCopyLink: (row: InvoiceDto) => void;
  onDownload: (row: InvoiceDto) => void;
  onEdit: (row: InvoiceDto) => void;
  onCancel: (row: InvoiceDto) => void;
}

/**
 * The v1 invoices table (/invoices): Invoice number, Bill To, Issued, Due, Total in the invoice
 * currency, Status chip (reading 2), View Invoice, and a menu with Invoice Details, Copy Link, Download PDF, and
 * Edit / Cancel while the invoice is ACTIVE.
 */
export function InvoicesTable({ rows, loading, onView, onDetails, onCopyLink, onDownload, onEdit, onCancel }: InvoicesTableProps) {
  const { t, i18n } = useTranslation("invoices");
  const columns: DataTableColumn<InvoiceDto>[] = [
    { id: "number", header: t("list.columns.number"), cell: (r) => <span className="font-mono">{r.invoiceNumber}</span> },
    {
      id: "billTo",
      header: t("list.columns.billTo"),
      cell: (r) => (
        <span className="block max-w-56 truncate" title={r.billTo?.email}>
          {r.billTo?.name ?? "—"}
        </span>
      ),
    },
    { id: "issued", header: t("list.columns.issued"), cell: (r) => formatInvoiceDate(r.issuedOn) },
    { id: "due", header: t("list.columns.due"), cell: (r) => formatInvoiceDate(r.paymentDueOn) },
    { id: "total", header: t("list.columns.total"), cell: (r) => formatInvoiceAmount(r.invoiceTotal.totalAmount, r.currency, i18n.language), className: "text-right" },
    { id: "status", header: t("list.columns.status"), cell: (r) => <StatusChip status={billStatus(r.status)} /> },
    {
      id: "actions",
      header: t("list.columns.actions"),
      cell: (r) => (
        <Button size="sm" variant="outline" aria-label={t("actions.viewOf", { id: r.invoiceNumber })} onClick={() => onView(r)}>
          <EyeIcon aria-hidden="true" />
          {t("actions.view")}
        </Button>
      ),
    },
  ];
  const menu = (r: InvoiceDto): DataTableRowAction[] => {
    const can = invoiceActions(r);
    return [
      { label: t("actions.details"), onSelect: () => onDetails(r) },
      ...(can.copyLink ? [{ label: t("actions.copyLink"), onSelect: () => onCopyLink(r) }] : []),
      { label: t("actions.download"), onSelect: () => onDownload(r) },
      ...(can.edit ? [{ label: t("actions.edit"), onSelect: () => onEdit(r) }] : []),
      ...(can.cancel ? [{ label: t("actions.cancel"), onSelect: () => onCancel(r), destructive: true }] : []),
    ];
  };
  return (
    <DataTable
      columns={columns}
      rows={rows}
      loading={loading}
      getRowId={(r) => r._id}
      caption={t("list.caption")}
      emptyMessage={t("list.empty")}
      rowLabel={(r) => r.invoiceNumber}
      rowActions={menu}
    />
  );
}
