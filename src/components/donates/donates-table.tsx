import * as React from "react";
import { useTranslation } from "react-i18next";
import { CopyIcon, HeartHandshakeIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/table";
import { DateTime } from "@/components/ui/date-time";
import { StatusChip } from "@/components/ui/status-chip";
import type { DonateDto } from "@/lib/donate";
import { formatAmount } from "@/lib/transaction-details";
import { formatPrice } from "@/lib/zlink";

export interface DonatesTableProps {
  rows: DonateDto[];
  loading?: boolean;
  onDonations: (row: DonateDto) => void;
  onCopyLink: (row: DonateDto) => void;
  onEdit: (row: DonateDto) => void;
  onInstructions: (row: DonateDto) => void;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

/** Order ID: the public id (hashedId), else the internal one. */
export const donateOrderId = (row: Pick<DonateDto, "hashedId" | "_id">) => row.hashedId || row._id;

/** What a page raised, one line per token ("15.5 USDC"), or a dash. */
export function RaisedCell({ row }: { row: Pick<DonateDto, "raised"> }) {
  const { t } = useTranslation("donates");
  if (row.raised.length === 0) return <span className="text-muted-foreground">{t("nothingRaised")}</span>;
  return (
    <span className="flex flex-col">
      {row.raised.map((r) => (
        <span key={r.token}>{formatAmount({ value: r.value, decimals: r.decimals, currency: r.token })}</span>
      ))}
    </span>
  );
}

/**
 * The donation pages: Date Time, Order ID, Title, Suggested amounts, Raised, Donations count,
 * Status (Active / Disabled), actions Donations and Copy Link, and for enabled pages a menu with
 * Edit and View Instructions.
 */
export function DonatesTable({ rows, loading, onDonations, onCopyLink, onEdit, onInstructions, timeZone }: DonatesTableProps) {
  const { t, i18n } = useTranslation("donates");
  const columns: DataTableColumn<DonateDto>[] = [
    { id: "createdAt", header: t("columns.dateTime"), cell: (r) => <DateTime iso={r.createdAt} locale={i18n.language} timeZone={timeZone} />, fit: "wrap" },
    { id: "orderId", header: t("columns.orderId"), cell: (r) => <span className="font-mono">{donateOrderId(r)}</span> },
    { id: "label", header: t("columns.label"), cell: (r) => <span className="block max-w-48 truncate" title={r.label}>{r.label}</span>, fit: "truncate" },
    {
      id: "suggested",
      header: t("columns.suggested"),
      cell: (r) => (
        <span className="block max-w-56 whitespace-normal">
          {r.suggestedAmounts.map((a, i) => (
            <React.Fragment key={a}>
              {i > 0 ? " · " : null}
              <span className="whitespace-nowrap">{formatPrice(a, r.currency, i18n.language)}</span>
            </React.Fragment>
          ))}
        </span>
      ),
    },
    { id: "raised", header: t("columns.raised"), cell: (r) => <RaisedCell row={r} />, className: "text-right" },
    { id: "count", header: t("columns.count"), cell: (r) => r.donationsCount.toLocaleString(i18n.language), className: "text-right" },
    {
      id: "status",
      header: t("columns.status"),
      cell: (r) =>
        r.enabled ? (
          <StatusChip color="primary">{t("status.active")}</StatusChip>
        ) : (
          <StatusChip color="secondary">{t("status.disabled")}</StatusChip>
        ),
    },
    {
      id: "actions",
      header: t("columns.actions"),
      cell: (r) => (
        <span className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-label={t("actions.donationsOf", { orderId: donateOrderId(r) })} onClick={() => onDonations(r)}>
            <HeartHandshakeIcon aria-hidden="true" />
            {t("actions.donations")}
          </Button>
          <Button size="sm" variant="outline" disabled={!r.enabled} aria-label={t("actions.copyLinkOf", { orderId: donateOrderId(r) })} onClick={() => onCopyLink(r)}>
            <CopyIcon aria-hidden="true" />
            {t("actions.copyLink")}
          </Button>
        </span>
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
      rowLabel={(r) => donateOrderId(r)}
      rowActions={(r) =>
        r.enabled
          ? [
              { label: t("actions.edit"), onSelect: () => onEdit(r) },
              { label: t("actions.instructions"), onSelect: () => onInstructions(r) },
            ]
          : []
      }
    />
  );
}
