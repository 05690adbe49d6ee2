import { useTranslation } from "react-i18next";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusChip } from "@/components/ui/status-chip";
import { DASHBOARD_RECENT_LIMIT, type RecentTransactionDto } from "@/lib/dashboard";
import { paymentStatus } from "@/lib/status";
import { formatTokenAmount } from "./format";
import type { Remote } from "./use-dashboard";

/** Items grouped by local calendar day, newest day first (items arrive newest first). */
function byDay(items: RecentTransactionDto[], locale: string, timeZone?: string) {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
  const groups: { label: string; items: RecentTransactionDto[] }[] = [];
  for (const item of items) {
    const label = day.format(new Date(item.createdAt));
    const last = groups.at(-1);
    if (last?.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

/**
 * SPEC §2: the newest payments (at most 10), grouped by day, without search or download, and a
 * 'View Transactions' link to the full list. `timeZone` pins dates in stories.
 */
export function RecentTransactions({ state, timeZone }: { state: Remote<{ recent: RecentTransactionDto[] }>; timeZone?: string }) {
  const { t, i18n } = useTranslation("common");
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: "short", timeZone });
  return (
    <Card data-testid="recent-transactions">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("dashboard.recent.title")}</h2>
        </CardTitle>
        <CardAction>
          <a href="/transactions" className={buttonVariants({ variant: "outline", size: "sm" })}>
            {t("dashboard.recent.viewAll")}
          </a>
        </CardAction>
      </CardHeader>
      <CardContent>
        {state.status === "loading" ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : state.status === "error" ? (
          <p role="alert" className="text-sm text-destructive">
            {t("dashboard.recent.error")} {state.message}
          </p>
        ) : state.data.recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("dashboard.recent.empty")}</p>
        ) : (
          <div className="flex flex-col gap-4">
            {byDay(state.data.recent.slice(0, DASHBOARD_RECENT_LIMIT), i18n.language, timeZone).map((group) => (
              <section key={group.label} aria-label={group.label}>
                <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{group.label}</h3>
                <ul className="divide-y">
                  {group.items.map((item) => (
                    <li key={item._id} className="flex items-center gap-3 py-2 text-sm">
                      <div className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate font-medium">{t(`dashboard.recent.types.${item.type}`)}</span>
                        <span className="text-xs tabular-nums text-muted-foreground">{time.format(new Date(item.createdAt))}</span>
                      </div>
                      <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
                        <span className="whitespace-nowrap font-medium tabular-nums">
                          {formatTokenAmount(item.amount, i18n.language, 6)} {item.token}
                        </span>
                        <StatusChip status={paymentStatus(item)} />
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
