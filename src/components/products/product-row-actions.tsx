import { useTranslation } from "react-i18next";
import { CopyIcon, ReceiptTextIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn, type DataTableRowAction } from "@/components/ui/table";

/** What every payable product row (zLink, zRequest, zCart checkout) has in common. */
export interface ProductRow {
  _id: string;
  hashedId?: string | null;
  enabled: boolean;
  paymentInfo?: unknown;
}

/** SPEC §2 Order ID: the public id (hashedId), else the internal one. */
export const productOrderId = (row: Pick<ProductRow, "hashedId" | "_id">) => row.hashedId || row._id;

export interface ProductTableProps<T extends ProductRow> {
  /** Translation namespace and prefix holding `caption`, `empty`, `columns.actions` and `actions.*`. */
  ns: string;
  keyPrefix?: string;
  rows: T[];
  loading?: boolean;
  /** The product's own columns; the Actions column is appended. */
  columns: DataTableColumn<T>[];
  onDetails: (row: T) => void;
  onCopyLink: (row: T) => void;
  /** The row's "⋯" menu items (already translated); an empty list shows no menu. */
  menu: (row: T) => DataTableRowAction[];
}

/**
 * The table shell shared by the product screens: the given columns, then Actions (Details when a
 * payment exists, else Copy Link, off for a disabled product) and the row's "⋯" menu.
 */
export function ProductTable<T extends ProductRow>({ ns, keyPrefix, rows, loading, columns, onDetails, onCopyLink, menu }: ProductTableProps<T>) {
  const { t } = useTranslation(ns, { keyPrefix });
  const actions: DataTableColumn<T> = {
    id: "actions",
    header: t("columns.actions"),
    cell: (r) =>
      r.paymentInfo ? (
        <Button size="sm" variant="outline" aria-label={t("actions.detailsOf", { orderId: productOrderId(r) })} onClick={() => onDetails(r)}>
          <ReceiptTextIcon aria-hidden="true" />
          {t("actions.details")}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={!r.enabled}
          aria-label={t("actions.copyLinkOf", { orderId: productOrderId(r) })}
          onClick={() => onCopyLink(r)}
        >
          <CopyIcon aria-hidden="true" />
          {t("actions.copyLink")}
        </Button>
      ),
  };
  return (
    <DataTable
      columns={[...columns, actions]}
      rows={rows}
      loading={loading}
      getRowId={(r) => r._id}
      caption={t("caption")}
      emptyMessage={t("empty")}
      rowLabel={(r) => productOrderId(r)}
      rowActions={menu}
    />
  );
}
