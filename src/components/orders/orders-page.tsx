import * as React from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { RefundDialog } from "@/components/refunds/refund-dialog";
import { TransactionDetailsDialog } from "@/components/transaction-details/transaction-details-dialog";
import type { ApiClient } from "@/lib/api-client";
import { pageOfPath, saveCsvWithProgress } from "@/lib/csv-download";
import type { OrderDto, OrdersPageDto } from "@/lib/order-types";
import type { ProductType } from "@/lib/product-types";
import { defaultFilters, filtersToQuery, parseFilters, type PageCursor, type TransactionFilters } from "@/lib/transaction-filters";
import { showToast } from "@/stores/toasts";
import { OrdersFilters } from "./orders-filters";
import { OrdersTable } from "./orders-table";

export interface OrdersPageProps {
  api: ApiClient;
  /** The page's own location: its path carries the cursor, its query the filters (shareable, kept on reload). */
  path: string;
  search: string;
  /** Opens another location of this screen (the URL is the whole state): the island moves its router store. */
  navigate: (href: string) => void;
  /** GET of the CSV export with the session's token (`limit=all`). */
  fetchCsv: (query: string) => Promise<Response>;
  /** For stable stories and tests: the reader's zone and today. */
  timeZone?: string;
  now?: Date;
  /** Where this list lives (its paging links go under it): /transactions, or /zapi for the API Transactions. */
  basePath?: string;
  /** Only this product type (the zAPI page: dynamic); every type when absent. */
  productType?: ProductType;
  /** Replaces the Orders title and intro (a page that has its own heading). */
  heading?: React.ReactNode;
}

type Table = OrdersPageDto["data"]["table"];

const pageHref = (basePath: string, direction: "next" | "prev", c: PageCursor, query: string) =>
  `${basePath}/${direction}/${encodeURIComponent(c.iid)}/${encodeURIComponent(c.tid)}${query ? `?${query}` : ""}`;

/** /transactions (SPEC §2): filters, the orders table, previous/next links and the CSV download. */
export function OrdersPage({ api, path, search, navigate, fetchCsv, timeZone = "UTC", now: fixedNow, basePath = "/transactions", productType, heading }: OrdersPageProps) {
  const { t } = useTranslation("orders");
  const now = React.useMemo(() => fixedNow ?? new Date(), [fixedNow]);
  const params = React.useMemo(() => new URLSearchParams(search), [search]);
  const parsed = React.useMemo(() => parseFilters((n) => params.getAll(n), now, timeZone), [params, now, timeZone]);
  const defaults = React.useMemo(() => defaultFilters(now, timeZone), [now, timeZone]);
  const filters = parsed.ok ? parsed.filters : defaults;
  // The URL keeps only what differs from the defaults; the API is told the reader's zone too.
  const query = filtersToQuery(filters, now, timeZone).toString();
  const apiQuery = `${query ? `${query}&` : ""}tz=${encodeURIComponent(timeZone)}${productType ? `&type=${productType}` : ""}`;
  const cursor = pageOfPath(path, basePath);

  const [table, setTable] = React.useState<Table | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const [details, setDetails] = React.useState<OrderDto | null>(null);
  const [downloaded, setDownloaded] = React.useState<number | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  const [refunding, setRefunding] = React.useState<OrderDto | null>(null);
  // After a refund the page reads its rows again: the payment's refunded amount and status changed.
  const reload = () => {
    setTable(null);
    setAttempt((n) => n + 1);
  };

  React.useEffect(() => {
    let live = true;
    const at = cursor ? `/transactions/${cursor.direction}/${encodeURIComponent(cursor.iid)}/${encodeURIComponent(cursor.tid)}` : "/transactions";
    api.get<OrdersPageDto>(`${at}?${apiQuery}`).then(
      (res) => live && setTable(res.data.table),
      (err: unknown) => live && setError(err instanceof Error ? err.message : t("loadFailed")),
    );
    return () => {
      live = false;
    };
  }, [api, apiQuery, cursor?.direction, cursor?.iid, cursor?.tid, attempt, t]); // eslint-disable-line react-hooks/exhaustive-deps

  // A plain click on a paging link stays in the screen; a new tab or window still opens the link itself.
  const follow = (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(e.currentTarget.getAttribute("href") ?? basePath);
  };

  const apply = (next: TransactionFilters) => {
    const q = filtersToQuery(next, now, timeZone).toString();
    navigate(`${basePath}${q ? `?${q}` : ""}`);
  };

  const download = async () => {
    setDownloaded(0);
    try {
      const res = await fetchCsv(`${apiQuery}&limit=all`);
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message || res.statusText);
      }
      const rows = await saveCsvWithProgress(res, "transactions.csv", setDownloaded);
      showToast({ message: t("download.done", { rows }), variant: "success" });
    } catch (err) {
      showToast({ message: t("download.failed", { message: err instanceof Error ? err.message : String(err) }), variant: "error" });
    } finally {
      setDownloaded(null);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      {heading ?? (
        <div>
          <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
          <p className="text-muted-foreground">{t("intro")}</p>
        </div>
      )}
      <OrdersFilters key={query} value={filters} defaults={defaults} onApply={apply} onReset={() => navigate(basePath)} onDownload={() => void download()} downloadedRows={downloaded} />
      {!parsed.ok ? (
        <p role="alert" className="text-sm text-destructive">
          {parsed.problems[0].message}
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{error}</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setError(null);
              setTable(null);
              setAttempt((n) => n + 1);
            }}
          >
            {t("retry")}
          </Button>
        </div>
      ) : (
        <OrdersTable rows={table?.list ?? []} loading={table === null} onDetails={setDetails} onRefund={setRefunding} timeZone={timeZone} />
      )}
      {table && (table.prev || table.next) ? (
        <nav aria-label={t("paging.label")} className="flex justify-between gap-3">
          {table.prev ? (
            <Button asChild variant="outline">
              <a href={pageHref(basePath, "prev", table.prev, query)} rel="prev" onClick={follow}>
                <ChevronLeftIcon aria-hidden="true" />
                {t("paging.previous")}
              </a>
            </Button>
          ) : (
            <span />
          )}
          {table.next ? (
            <Button asChild variant="outline">
              <a href={pageHref(basePath, "next", table.next, query)} rel="next" onClick={follow}>
                {t("paging.next")}
                <ChevronRightIcon aria-hidden="true" />
              </a>
            </Button>
          ) : null}
        </nav>
      ) : null}
      {details ? (
        <TransactionDetailsDialog
          open
          onOpenChange={(open) => !open && setDetails(null)}
          info={details}
          orderId={details.orderId}
          timeZone={timeZone}
          refundable
          onRefunded={reload}
        />
      ) : null}
      {refunding ? <RefundDialog open onOpenChange={(open) => !open && setRefunding(null)} paymentId={refunding._id} api={api} onRefunded={reload} /> : null}
    </div>
  );
}
