import * as React from "react";
import { MoreHorizontalIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { Button } from "./button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./dropdown-menu";

/** True while the element's content is larger than the element (so it scrolls). */
function useOverflowsX<E extends HTMLElement>(ref: React.RefObject<E | null>): boolean {
  const [overflows, setOverflows] = React.useState(false);
  // Measured before paint as well as on every resize: a checker (or a user's Tab) that comes right
  // after the first render must already find the box focusable.
  React.useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * A data table inside a horizontal scroll box, so wide tables stay usable on a 360 px phone; the
 * box becomes focusable only while it overflows, letting keyboard users scroll it.
 */
export function Table({ className, ...props }: React.ComponentProps<"table">) {
  const container = React.useRef<HTMLDivElement>(null);
  const scrollable = useOverflowsX(container);
  return (
    <div
      ref={container}
      data-slot="table-container"
      tabIndex={scrollable ? 0 : undefined}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

/** Column headings row group. */
export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b", className)} {...props} />;
}

/** Data rows; the last row drops its bottom border. */
export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

/** Totals row group (e.g. invoice lines). */
export function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return <tfoot data-slot="table-footer" className={cn("border-t bg-muted/50 font-medium [&>tr]:last:border-b-0", className)} {...props} />;
}

/** One row; highlights on hover so the eye can follow it across columns. */
export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr data-slot="table-row" className={cn("border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted", className)} {...props} />;
}

/** A column heading cell; headings never wrap, the container scrolls instead. */
export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn("h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground", className)}
      {...props}
    />
  );
}

/** A data cell. */
export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td data-slot="table-cell" className={cn("px-3 py-2 align-middle whitespace-nowrap", className)} {...props} />;
}

/** The table's accessible name; add `sr-only` when a heading above already says it. */
export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}

/** One column of a DataTable: its heading and how a row renders in it. */
export type DataTableColumn<T> = {
  id: string;
  header: React.ReactNode;
  cell(row: T): React.ReactNode;
  /** Applied to both the heading and the cells (e.g. `text-right` for amounts). */
  className?: string;
  /** Names the value in a phone's stacked card when `header` is not plain text. */
  label?: string;
  /**
   * How the column gives way when the row is wider than the screen beside the side menu (so the
   * row's actions stay in view without a sideways scroll): `truncate` lets it shrink to whatever is
   * left (15% of the table; its content must truncate itself, e.g. `block truncate` with a title), `wrap` lets its
   * text break onto a second line (a date and its time). Left out, the column keeps its width.
   */
  fit?: "truncate" | "wrap";
};

/** From `sm` up (a table, not cards): a cell's min-content width is 0 or its longest word. */
const fitClass = { truncate: "sm:w-[15%] sm:max-w-0", wrap: "sm:whitespace-normal" } as const;

/*
 * Below the `sm` breakpoint a DataTable turns into stacked cards, one per row, each value on its
 * own line after its column's name (drawn from `data-label`, so the DOM and its table semantics
 * stay the same and nothing scrolls sideways). The headings stay for screen readers only.
 */
const stacked = {
  table: "max-sm:block",
  header: "max-sm:sr-only",
  body: "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)] max-sm:gap-3",
  row: "max-sm:relative max-sm:grid max-sm:grid-cols-[minmax(0,1fr)] max-sm:gap-1 max-sm:rounded-lg max-sm:border! max-sm:p-3",
  cell: "max-sm:flex max-sm:min-w-0 max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-0.5 max-sm:text-right max-sm:whitespace-normal",
  labelled:
    "max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]",
  /** The row's "⋯" menu sits in the card's top-right corner, beside the first value. */
  actions: "max-sm:absolute max-sm:top-2 max-sm:right-2 max-sm:w-auto max-sm:p-0",
  besideActions: "max-sm:pr-10",
  empty: "max-sm:justify-center max-sm:text-center",
} as const;

const labelOf = <T,>(column: DataTableColumn<T>) => column.label ?? (typeof column.header === "string" ? column.header : undefined);

/** One entry of a row's actions menu. */
export type DataTableRowAction = {
  label: string;
  onSelect: () => void;
  destructive?: boolean;
  disabled?: boolean;
};

type DataTableProps<T> = Omit<React.ComponentProps<"table">, "children"> & {
  columns: DataTableColumn<T>[];
  rows: T[];
  /** Stable React key per row; defaults to the index. */
  getRowId?(row: T, index: number): string;
  /** Shows `loadingRows` placeholder rows and marks the table busy. */
  loading?: boolean;
  loadingRows?: number;
  /** Shown in a full-width row when there are no rows (e.g. 'Get paid faster — create your zLink now!'). */
  emptyMessage?: React.ReactNode;
  /** Items of the row's "⋯" menu; an empty list shows no menu for that row. */
  rowActions?(row: T): DataTableRowAction[];
  /** Names the row in its menu button's label ('Actions for …'), so buttons are distinguishable. */
  rowLabel?(row: T): string;
  /** The table's accessible name, visually hidden (the page heading usually shows it). */
  caption?: string;
  /** Stacked cards below `sm` instead of a sideways-scrolling table (default on). */
  stackOnPhone?: boolean;
};

/** The rows-and-columns list every product page uses: loading, empty and per-row actions built in. */
export function DataTable<T>({
  columns,
  rows,
  getRowId,
  loading = false,
  loadingRows = 5,
  emptyMessage,
  rowActions,
  rowLabel,
  caption,
  stackOnPhone = true,
  className,
  ...props
}: DataTableProps<T>) {
  const { t } = useTranslation("ui");
  const columnCount = columns.length + (rowActions ? 1 : 0);
  const phone = (key: keyof typeof stacked) => (stackOnPhone ? stacked[key] : undefined);
  const cellClass = (column: DataTableColumn<T>, index: number) =>
    cn(column.className, column.fit && fitClass[column.fit], phone("cell"), labelOf(column) && phone("labelled"), index === 0 && rowActions && phone("besideActions"));
  return (
    <div data-slot="data-table" className={cn("w-full", className)}>
      {loading && (
        <span role="status" className="sr-only">
          {t("overlays.loading")}
        </span>
      )}
      <Table aria-busy={loading || undefined} className={phone("table")} {...props}>
        {caption && <TableCaption className="sr-only">{caption}</TableCaption>}
        <TableHeader className={phone("header")}>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.id} scope="col" className={cn(column.className, column.fit && fitClass[column.fit])}>
                {column.header}
              </TableHead>
            ))}
            {rowActions && (
              <TableHead scope="col" className="w-0">
                <span className="sr-only">{t("overlays.rowActions")}</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody className={phone("body")}>
          {loading ? (
            Array.from({ length: loadingRows }, (_, i) => (
              <TableRow key={i} data-slot="data-table-skeleton-row" aria-hidden="true" className={cn("h-10", phone("row"))}>
                {columns.map((column, j) => (
                  <TableCell key={column.id} data-label={labelOf(column)} className={cellClass(column, j)}>
                    <div className="h-4 w-full min-w-12 animate-pulse rounded bg-muted" />
                  </TableCell>
                ))}
                {rowActions && (
                  <TableCell className={cn("w-0", phone("actions"))}>
                    <div className="h-4 w-full min-w-12 animate-pulse rounded bg-muted" />
                  </TableCell>
                )}
              </TableRow>
            ))
          ) : rows.length === 0 ? (
            <TableRow data-slot="data-table-empty" className={cn("hover:bg-transparent", phone("row"))}>
              <TableCell colSpan={columnCount} className={cn("h-24 text-center whitespace-normal text-muted-foreground", phone("cell"), phone("empty"))}>
                {emptyMessage ?? t("overlays.noData")}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row, index) => (
              <TableRow key={getRowId?.(row, index) ?? index} className={phone("row")}>
                {columns.map((column, j) => (
                  <TableCell key={column.id} data-label={labelOf(column)} className={cellClass(column, j)}>
                    {column.cell(row)}
                  </TableCell>
                ))}
                {rowActions && (
                  <TableCell className={cn("w-0 py-1 text-right", phone("actions"))}>
                    <RowActionsMenu actions={rowActions(row)} label={rowLabel ? t("overlays.rowActionsFor", { row: rowLabel(row) }) : t("overlays.rowActions")} />
                  </TableCell>
                )}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** The "⋯" button of one row and its menu; renders nothing when the row has no actions. */
function RowActionsMenu({ actions, label }: { actions: DataTableRowAction[]; label: string }) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={label}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map((action) => (
          <DropdownMenuItem
            key={action.label}
            variant={action.destructive ? "destructive" : "default"}
            disabled={action.disabled}
            onSelect={action.onSelect}
          >
            {action.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
