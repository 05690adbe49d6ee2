import { useEffect, useRef } from "react";
import { CircleAlertIcon, Loader2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TimeLeft, useTimeLeft } from "./pay-clock";
import { formatTokenUnits } from "./pay-format";
import type { Underpaid } from "./pay-result";

export interface UnderpaidPanelProps {
  underpaid: Underpaid;
  decimals: number;
  symbol: string;
  /** A QR payment: the rest is paid by scanning the code shown below, no button. */
  qr?: boolean;
  /** The connected wallet may send (connected, checked, on the right chain). */
  canSend?: boolean;
  /** Why it may not, in the payer's words. */
  blocked?: string | null;
  /** The rest is on its way from the wallet. */
  busy?: boolean;
  onSendRest?: () => void;
}

/**
 * A payment partly paid and still open (issue 28): what arrived, what is still due and the time
 * left to pay it, with one tap to send the rest from the connected wallet (or, for a QR payment,
 * the rest's own code below). Focus moves to the heading when it appears, as for the other screens.
 */
export function UnderpaidPanel({ underpaid, decimals, symbol, qr, canSend, blocked, busy, onSendRest }: UnderpaidPanelProps) {
  const { t, i18n } = useTranslation("pay");
  const lng = i18n.resolvedLanguage ?? "en";
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const left = useTimeLeft(underpaid.expiresAt);
  const units = (value: string) => formatTokenUnits(value, decimals, symbol, lng);
  const due = units(underpaid.due);
  const timeUp = left !== undefined && left <= 0;
  return (
    <Card data-slot="underpaid-panel" role="region" aria-labelledby="pay-underpaid-title" className="gap-4 px-5 py-5">
      <div className="flex items-start gap-3">
        <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning-foreground" />
        <div className="grid gap-1">
          <h2 id="pay-underpaid-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t("underpaid.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t(qr ? "underpaid.qrBody" : "underpaid.body", { due })}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-2 rounded-md bg-muted px-3 py-3 text-sm">
        <dt className="text-muted-foreground">{t("underpaid.received")}</dt>
        <dd className="text-right tabular-nums">{units(underpaid.received)}</dd>
        <dt className="font-medium">{t("underpaid.due")}</dt>
        <dd className="text-right text-base font-semibold tabular-nums">{due}</dd>
        {left !== undefined ? (
          <>
            <dt className="text-muted-foreground">{t("underpaid.timeLeft")}</dt>
            <dd className="text-right tabular-nums">
              <TimeLeft ms={left} />
            </dd>
          </>
        ) : null}
      </dl>
      {timeUp ? (
        <p role="status" className="text-sm">
          {t("underpaid.timeUp")}
        </p>
      ) : null}
      {qr ? null : (
        <div className="grid gap-2">
          <Button size="lg" className="h-auto min-h-12 w-full py-2 text-base whitespace-normal" disabled={!canSend || busy || timeUp} aria-describedby={blocked ? "pay-underpaid-blocked" : undefined} onClick={onSendRest}>
            {busy ? <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
            {busy ? t("underpaid.sending") : t("underpaid.sendRest", { amount: due })}
          </Button>
          {blocked && !timeUp ? (
            <p id="pay-underpaid-blocked" className="text-center text-xs text-muted-foreground">
              {blocked}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}
