import * as React from "react";
import { useTranslation } from "react-i18next";
import { ReceiptTextIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { StatusChip } from "@/components/ui/status-chip";
import { TransactionDetailsDialog } from "@/components/transaction-details/transaction-details-dialog";
import type { ApiClient } from "@/lib/api-client";
import type { DonateDto, DonationDto, DonationsPage } from "@/lib/donate";
import { paymentStatus } from "@/lib/status";
import { formatAmount, formatDateTime } from "@/lib/transaction-details";
import { formatPrice } from "@/lib/zlink";

/** Donations per page of the dialog. */
export const DONATIONS_PAGE_SIZE = 10;

export interface DonationsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  api: ApiClient;
  donate: Pick<DonateDto, "_id" | "hashedId" | "label">;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; page: DonationsPage };
/** A result, with the request it answers (a newer request shows loading until its own answer). */
type Answer = { request: string } & Loaded;

/**
 * The donations of one page, newest first, a page at a time: who gave (or Anonymous), their
 * message, the amount chosen and received, the status, and Details (the transaction details).
 */
export function DonationsDialog({ open, onOpenChange, api, donate, timeZone }: DonationsDialogProps) {
  const { t, i18n } = useTranslation("donates");
  const [page, setPage] = React.useState(1);
  const [answer, setAnswer] = React.useState<Answer | null>(null);
  const [details, setDetails] = React.useState<DonationDto | null>(null);
  const [attempt, setAttempt] = React.useState(0);

  const request = `/donates/${encodeURIComponent(donate._id)}/donations?page=${page}&limit=${DONATIONS_PAGE_SIZE}#${attempt}`;
  React.useEffect(() => {
    let live = true;
    api.get<DonationsPage>(request.split("#")[0]).then(
      (result) => live && setAnswer({ request, state: "ready", page: result }),
      () => live && setAnswer({ request, state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [api, request]);
  const loaded: Loaded = answer?.request === request ? answer : { state: "loading" };

  const pages = loaded.state === "ready" ? Math.max(1, Math.ceil(loaded.page.total / DONATIONS_PAGE_SIZE)) : 1;
  const date = (d: DonationDto) => formatDateTime(d.date, i18n.language, timeZone);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("donations.title")}</DialogTitle>
          <DialogDescription>{t("donations.description", { label: donate.label })}</DialogDescription>
        </DialogHeader>
        {loaded.state === "loading" ? (
          <div role="status" aria-live="polite" className="grid gap-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-16 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : loaded.state === "failed" ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <span>{t("donations.loadFailed")}</span>
            <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              {t("retry")}
            </Button>
          </div>
        ) : loaded.page.data.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t("donations.empty")}</p>
        ) : (
          <ul className="grid gap-3" aria-label={t("donations.title")}>
            {loaded.page.data.map((d) => (
              <li key={d._id} className="grid gap-1 rounded-md border p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">{d.donorName ?? t("donations.anonymous")}</span>
                  <span className="font-semibold tabular-nums">{formatPrice(d.price, d.currency, i18n.language)}</span>
                </div>
                <p className={d.message ? "break-words whitespace-pre-line" : "text-sm text-muted-foreground italic"}>{d.message ?? t("donations.noMessage")}</p>
                <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
                  <span>
                    {date(d)} · {formatAmount(d.amount)}
                  </span>
                  <span className="flex items-center gap-2">
                    <StatusChip status={paymentStatus(d.paymentInfo)} />
                    <Button size="sm" variant="outline" aria-label={t("donations.detailsOf", { date: date(d) })} onClick={() => setDetails(d)}>
                      <ReceiptTextIcon aria-hidden="true" />
                      {t("donations.details")}
                    </Button>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {loaded.state === "ready" && pages > 1 ? (
          <nav className="flex items-center justify-between gap-2" aria-label={t("donations.pageOf", { page, pages })}>
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t("donations.previous")}
            </Button>
            <span className="text-sm">{t("donations.pageOf", { page, pages })}</span>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t("donations.next")}
            </Button>
          </nav>
        ) : null}
        {details ? (
          <TransactionDetailsDialog
            open
            onOpenChange={(next) => !next && setDetails(null)}
            info={details.paymentInfo}
            orderId={donate.hashedId}
            timeZone={timeZone}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
