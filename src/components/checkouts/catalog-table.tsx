import { useTranslation } from "react-i18next";
import { ImageOffIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, type DataTableColumn } from "@/components/ui/table";
import type { CatalogItemDto } from "@/lib/cart";
import { formatPrice } from "@/lib/zlink";

export interface CatalogTableProps {
  rows: CatalogItemDto[];
  loading?: boolean;
  onEdit: (row: CatalogItemDto) => void;
  onDisable: (row: CatalogItemDto) => void;
}

/** The item's picture, or a plain placeholder saying there is none. */
export function ItemThumbnail({ item, size = 40 }: { item: Pick<CatalogItemDto, "imageUrl" | "name">; size?: number }) {
  const { t } = useTranslation("checkouts");
  const style = { width: size, height: size };
  return item.imageUrl ? (
    <img src={item.imageUrl} alt={item.name} width={size} height={size} style={style} className="shrink-0 rounded-md border object-cover" />
  ) : (
    <span role="img" aria-label={t("catalog.noImage")} style={style} className="flex shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
      <ImageOffIcon aria-hidden="true" className="size-4" />
    </span>
  );
}

/** The zCart catalogue: Image, Name, Price and, for enabled items, Edit and Disable. */
export function CatalogTable({ rows, loading, onEdit, onDisable }: CatalogTableProps) {
  const { t, i18n } = useTranslation("checkouts");
  const columns: DataTableColumn<CatalogItemDto>[] = [
    { id: "image", header: t("catalog.columns.image"), cell: (r) => <ItemThumbnail item={r} /> },
    {
      id: "name",
      header: t("catalog.columns.name"),
      cell: (r) => (
        <span className="flex min-w-0 flex-col">
          <span className="block max-w-64 truncate font-medium" title={r.name}>
            {r.name}
          </span>
          {r.enabled ? null : <span className="text-xs text-muted-foreground">{t("catalog.disabled")}</span>}
        </span>
      ),
    },
    { id: "price", header: t("catalog.columns.price"), cell: (r) => formatPrice(r.price, r.currency, i18n.language), className: "text-right" },
    {
      id: "actions",
      header: t("catalog.columns.actions"),
      cell: (r) =>
        r.enabled ? (
          <span className="flex flex-wrap justify-end gap-2 sm:justify-start">
            <Button size="sm" variant="outline" aria-label={t("catalog.actions.editOf", { name: r.name })} onClick={() => onEdit(r)}>
              {t("catalog.actions.edit")}
            </Button>
            <Button size="sm" variant="outline" className="text-destructive" aria-label={t("catalog.actions.disableOf", { name: r.name })} onClick={() => onDisable(r)}>
              {t("catalog.actions.disable")}
            </Button>
          </span>
        ) : null,
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      loading={loading}
      getRowId={(r) => r._id}
      caption={t("catalog.caption")}
      emptyMessage={t("catalog.empty")}
    />
  );
}
