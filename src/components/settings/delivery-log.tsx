import * as React from "react";
import { useTranslation } from "react-i18next";
import { RefreshCwIcon, SendIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { StatusChip } from "@/components/ui/status-chip";
import type { ApiClient } from "@/lib/api-client";
import { formatDateTime } from "@/lib/transaction-details";
import { attemptSucceeded, DELIVERY_FILTERS, type DeliveryFilter, type DeliveryStatus, type WebhookAttemptDto } from "@/lib/webhook-settings";
import { showToast } from "@/stores/toasts";
import { useDeliveryPages } from "./use-delivery-pages";

const STATUS_COLOR: Record<DeliveryStatus, "primary" | "secondary" | "warning" | "error"> = {
  delivered: "primary",
  pending: "warning",
  failed: "error",
  no_endpoint: "secondary",
};

/**
 * The webhook delivery log: every event, its status and each attempt (status code or why none
 * came, when, how long; "sending" or "interrupted" for an attempt recorded before it was sent that
 * has no answer), with Redeliver, and "Send test event" to try the endpoint. Paged newest first
 * ("Load older events") and filtered by status; events raised while no endpoint was saved are
 * listed only under their own filter.
 */
export function DeliveryLog({ api, hasEndpoint, timeZone }: { api: ApiClient; hasEndpoint: boolean; timeZone?: string }) {
  const { t, i18n } = useTranslation("security");
  const { filter, choose, pages: load, reload, loadMore } = useDeliveryPages(api);
  const [busy, setBusy] = React.useState<string | null>(null);
  const filterId = React.useId();

  /** Runs a send (test event or redelivery), says so, then reads the log again. */
  const send = async (key: string, path: string, done: string) => {
    setBusy(key);
    try {
      await api.post(path);
      showToast({ message: done, variant: "success" });
    } catch (err) {
      showToast({ message: err instanceof Error ? err.message : t("saveFailed"), variant: "error" });
    } finally {
      setBusy(null);
      reload();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("log.title")}</h2>
        </CardTitle>
        <CardDescription>{t("log.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {/* Below the title, not beside it: on a phone the title and intro keep the card's width. */}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={reload} aria-label={t("log.refresh")}>
            <RefreshCwIcon aria-hidden="true" />
          </Button>
          <Button size="sm" disabled={!hasEndpoint || busy !== null} onClick={() => send("test", "/integrations/test-event", t("log.testSent"))}>
            <SendIcon aria-hidden="true" />
            {t("log.sendTest")}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={filterId}>{t("log.filter.label")}</Label>
          <Select value={filter} onValueChange={(v) => choose(v as DeliveryFilter)}>
            <SelectTrigger id={filterId} size="sm">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {DELIVERY_FILTERS.map((f) => (
                <SelectItem key={f} value={f}>
                  {t(`log.filter.${f}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {load.status === "loading" ? (
          <Spinner label={t("log.loading")} />
        ) : load.status === "error" ? (
          <p role="alert" className="text-sm">{t("log.loadFailed")}</p>
        ) : load.list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t(filter !== "sent" ? "log.emptyFiltered" : hasEndpoint ? "log.empty" : "log.emptyNoEndpoint")}</p>
        ) : (
          <>
            <ul className="grid gap-3" aria-label={t("log.title")}>
              {load.list.map((d) => (
                <li key={d._id} aria-label={`${d.type} ${formatDateTime(d.createdAt, i18n.language, timeZone)}`} className="grid gap-2 rounded-md border p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="flex min-w-0 flex-wrap items-center gap-2">
                      <code className="text-sm font-medium">{d.type}</code>
                      <StatusChip color={STATUS_COLOR[d.status]}>{t(`log.status.${d.status}`)}</StatusChip>
                    </div>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!hasEndpoint || busy !== null}
                      onClick={() => send(d._id, `/integrations/deliveries/${d._id}/redeliver`, t("log.redelivered"))}
                    >
                      {t("log.redeliver")}
                    </Button>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(d.createdAt, i18n.language, timeZone)} · {t("log.attempts", { count: d.attempts })}
                    {d.status === "pending" && d.nextAttemptAt ? ` · ${t("log.nextAttempt", { at: formatDateTime(d.nextAttemptAt, i18n.language, timeZone) })}` : ""}
                  </p>
                  {d.log.length > 0 ? <Attempts attempts={d.log} timeZone={timeZone} /> : null}
                </li>
              ))}
            </ul>
            {load.next ? (
              <div className="flex flex-wrap items-center gap-3">
                <Button size="sm" variant="outline" disabled={load.more === "loading"} onClick={loadMore}>
                  {t(load.more === "loading" ? "log.loadingMore" : "log.loadMore")}
                </Button>
                {load.more === "error" ? (
                  <p role="alert" className="text-sm">
                    {t("log.loadMoreFailed")}
                  </p>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** What came of an attempt, in words: the HTTP status, why none came, or that none was recorded. */
function AttemptOutcome({ attempt: a }: { attempt: WebhookAttemptDto }) {
  const { t } = useTranslation("security");
  // Recorded before it was sent: still waiting, or the server stopped before the answer came.
  if (a.state !== "done" && a.statusCode === null) return <span className="font-medium">{t(`log.state.${a.state}`)}</span>;
  return (
    <span className={attemptSucceeded(a) ? "text-primary" : "text-destructive"}>
      {a.statusCode !== null ? `HTTP ${a.statusCode}` : t(`log.errors.${a.error}`, { defaultValue: a.error ?? "" })}
    </span>
  );
}

function Attempts({ attempts, timeZone }: { attempts: WebhookAttemptDto[]; timeZone?: string }) {
  const { t, i18n } = useTranslation("security");
  return (
    <ol className="grid gap-1 border-t pt-2 text-xs">
      {attempts.map((a) => (
        <li key={a._id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium">#{a.attempt}</span>
          <AttemptOutcome attempt={a} />
          <span className="text-muted-foreground">{formatDateTime(a.startedAt, i18n.language, timeZone)}</span>
          {a.durationMs !== null ? <span className="text-muted-foreground">{t("log.duration", { ms: a.durationMs })}</span> : null}
          {a.manual ? <span className="text-muted-foreground">{t("log.manual")}</span> : null}
          {a.state === "interrupted" ? <span className="basis-full text-muted-foreground">{t("log.interruptedHint")}</span> : null}
        </li>
      ))}
    </ol>
  );
}
