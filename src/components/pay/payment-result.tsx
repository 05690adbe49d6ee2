import { useEffect, useRef, useState } from "react";
import { CircleCheckIcon, CircleXIcon, Undo2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ExternalLink } from "@/components/ui/external-link";
import { StatusChip } from "@/components/ui/status-chip";
import type { PaymentProgress } from "@/lib/pay-api";
import { paymentStatus } from "@/lib/status";
import { PAY_CALLBACK_REDIRECT_MS } from "@/lib/timings";
import { hostOf, isWebUrl } from "./pay-format";
import { isCancelled, isSuccess, resultWords } from "./pay-result";
import { localizeWalletMessage } from "./wallet-error-toasts";

export interface PaymentResultProps {
  /** 'paid' or 'validated' is a success; anything else reads as failed. */
  status: PaymentProgress["status"];
  merchant: string;
  /** The requested amount, formatted ("12.5 USDC"). */
  amount?: string;
  /** What the chain delivered, formatted, when it differs from the request. */
  received?: string;
  amountMismatch?: PaymentProgress["amountMismatch"];
  hash?: string;
  explorerUrl?: string;
  /** Why it failed: the server's reason or the wallet's message. */
  reason?: string;
  callbackUrl?: string;
  onTryAgain?: () => void;
  /** Sends the payer to the merchant's callback URL (default: `location.assign`). */
  onRedirect?: (url: string) => void;
  redirectMs?: number;
}

/** Seconds left before `onDone`; stops when `active` turns false. */
function useCountdown(active: boolean, ms: number, onDone: () => void): number {
  const [left, setLeft] = useState(Math.ceil(ms / 1000));
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((ms - (Date.now() - started)) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        done.current();
      }
    }, 200);
    return () => clearInterval(timer);
  }, [active, ms]);
  return left;
}

function CallbackCountdown({ url, onRedirect, redirectMs }: { url: string; onRedirect: (url: string) => void; redirectMs: number }) {
  const { t } = useTranslation("pay");
  const [stayed, setStayed] = useState(false);
  const left = useCountdown(!stayed, redirectMs, () => onRedirect(url));
  const host = hostOf(url);
  if (stayed) {
    return (
      <Button asChild variant="outline" className="w-full">
        <a href={url}>{t("result.backTo", { host })}</a>
      </Button>
    );
  }
  return (
    <div className="grid gap-3 rounded-lg bg-muted p-3 text-sm">
      <p className="sr-only" role="status">
        {t("result.redirectAnnounce", { host, seconds: Math.ceil(redirectMs / 1000) })}
      </p>
      <p aria-hidden="true">{left > 0 ? t("result.redirecting", { host, seconds: left }) : t("result.redirectingNow", { host })}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button asChild>
          <a href={url}>{t("result.goNow")}</a>
        </Button>
        <Button variant="outline" onClick={() => setStayed(true)}>
          {t("result.stay")}
        </Button>
      </div>
    </div>
  );
}

/**
 * The end of the payment: success (paid: verifying, validated: complete), the payer's cancel in
 * their wallet (calm: no red, no status chip, Try again), or failure with its reason. Focus moves
 * to the heading so screen readers land on the outcome.
 */
export function PaymentResult({
  status,
  merchant,
  amount,
  received,
  amountMismatch,
  hash,
  explorerUrl,
  reason,
  callbackUrl,
  onTryAgain,
  onRedirect = (url) => window.location.assign(url),
  redirectMs = PAY_CALLBACK_REDIRECT_MS,
}: PaymentResultProps) {
  const { t, i18n } = useTranslation("pay");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const success = isSuccess(status);
  const cancelled = isCancelled({ status, hash, reason });
  const Icon = success ? CircleCheckIcon : cancelled ? Undo2Icon : CircleXIcon;
  const words = resultWords({ status, hash, reason });
  return (
    <Card data-slot="payment-result" role="region" aria-labelledby="pay-result-title" className="gap-4 px-5 py-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <Icon aria-hidden="true" className={success ? "size-12 text-primary" : cancelled ? "size-12 text-muted-foreground" : "size-12 text-destructive"} />
        {/* The page's main heading on this screen (the summary with the h1 is gone). */}
        <h1 id="pay-result-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t(words.title)}
        </h1>
        {cancelled ? null : <StatusChip status={paymentStatus({ status: success ? status : "failed" })} />}
        <p role="status" className="text-sm">
          {t(words.body, { merchant })}
        </p>
        {words.reason ? (
          <p className="text-sm break-words text-muted-foreground">
            {/* The server's reasons have words of their own; a wallet's message in the payer's language when we know it. */}
            {t(words.reason, { reason: reason && localizeWalletMessage(reason, (key) => t(key), i18n.resolvedLanguage) })}
          </p>
        ) : null}
        {amountMismatch && received && amount ? (
          <p className="rounded-md border border-warning-foreground/30 bg-warning/40 p-3 text-left text-sm">{t(`result.${amountMismatch}`, { received, amount })}</p>
        ) : null}
      </div>
      {amount || hash ? (
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 border-t pt-4 text-sm">
          {amount ? (
            <>
              <dt className="text-muted-foreground">{t("result.amount")}</dt>
              <dd className="text-right font-medium tabular-nums">{amount}</dd>
            </>
          ) : null}
          {received && amountMismatch ? (
            <>
              <dt className="text-muted-foreground">{t("result.received")}</dt>
              <dd className="text-right font-medium tabular-nums">{received}</dd>
            </>
          ) : null}
          {hash ? (
            <>
              <dt className="text-muted-foreground">{t("result.transaction")}</dt>
              <dd className="flex justify-end">
                <AddressDisplay address={hash} chars={8} copyable copyLabel={t("result.copyHash")} />
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {hash && isWebUrl(explorerUrl) ? (
        <ExternalLink href={explorerUrl} variant="underlined" className="justify-center">
          {t("result.viewOnExplorer")}
        </ExternalLink>
      ) : null}
      {success && isWebUrl(callbackUrl) ? <CallbackCountdown url={callbackUrl} onRedirect={onRedirect} redirectMs={redirectMs} /> : null}
      {/* Once a transaction exists money has moved: paying again would pay twice. */}
      {!success && !hash && onTryAgain ? (
        <Button size="lg" className="w-full" onClick={onTryAgain}>
          {t("result.tryAgain")}
        </Button>
      ) : null}
    </Card>
  );
}
