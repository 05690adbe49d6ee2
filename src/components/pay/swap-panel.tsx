import { useEffect, useRef } from "react";
import { CheckIcon, Loader2Icon, RefreshCwIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { TimeLeft, useTimeLeft } from "./pay-clock";
import { formatTokenUnits } from "./pay-format";
import type { SwapHolding, SwapView } from "./pay-page-state";

export interface SwapPanelProps {
  swap: SwapView;
  /** The payment's own token (what the merchant receives) and the amount due in it, in words. */
  token: string;
  amount: string;
  /** The wallet may pay (connected, checked). */
  canPay: boolean;
  onPick: (mint: string) => void;
  onPay: () => void;
  onClose: () => void;
}

/** "0.0012" → "0.12 %" in the payer's language. */
const percent = (fraction: number, lng: string) =>
  new Intl.NumberFormat(lng, {
    style: "percent",
    maximumFractionDigits: 2,
  }).format(fraction);

/**
 * "Pay with another token" (issue 26): the tokens the wallet holds that can be swapped for the
 * amount due, then the quote for the one picked — about what the payer gives, the most it can be
 * (the slippage bound), the price impact and how long the quote holds — and one button that has
 * the wallet sign it. A stale quote is not refused here: Pay asks a fresh one first (send-swap.ts).
 */
export function SwapPanel({ swap, token, amount, canPay, onPick, onPay, onClose }: SwapPanelProps) {
  const { t, i18n } = useTranslation("pay");
  const lng = i18n.resolvedLanguage ?? "en";
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const units = (h: SwapHolding, value: string) => formatTokenUnits(value, h.decimals, h.symbol, lng);
  const busy = swap.step === "quoting" || swap.step === "paying";
  const picked = swap.step === "quoting" || swap.step === "quote" || swap.step === "paying" ? swap.holding : undefined;

  return (
    <Card data-slot="swap-panel" role="region" aria-labelledby="pay-swap-title" className="gap-4 px-5 py-5">
      <div className="grid gap-1">
        <h2 id="pay-swap-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {t("swap.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("swap.body", { amount })}</p>
      </div>

      {swap.step === "listing" ? (
        <div role="status" aria-busy="true" className="grid gap-2">
          <span className="text-sm text-muted-foreground">{t("swap.listing")}</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : swap.holdings.length === 0 ? (
        <p role="status" className="text-sm">
          {t(swap.step === "list" && swap.unavailable ? "swap.unavailable" : "swap.none", { token })}
        </p>
      ) : (
        <ul aria-label={t("swap.tokens")} className="grid gap-2">
          {swap.holdings.map((h) => {
            const selected = picked?.mint === h.mint;
            return (
              <li key={h.mint}>
                <Button
                  variant="outline"
                  aria-pressed={selected}
                  disabled={busy || !canPay}
                  onClick={() => onPick(h.mint)}
                  className={cn("h-auto min-h-14 w-full justify-between px-4 py-2 text-left whitespace-normal", selected && "border-primary ring-1 ring-primary")}
                >
                  <span className="grid">
                    <span className="font-semibold">{h.symbol}</span>
                    <span className="text-xs font-normal text-muted-foreground tabular-nums">{t("swap.held", { amount: units(h, h.balance) })}</span>
                  </span>
                  {selected && swap.step === "quoting" ? (
                    <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                  ) : selected ? (
                    <CheckIcon aria-hidden="true" className="text-primary" />
                  ) : null}
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      {swap.step === "quoting" ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t("swap.quoting")}
        </p>
      ) : null}

      {swap.step === "quote" || swap.step === "paying" ? <Quote swap={swap} amount={amount} canPay={canPay} onPay={onPay} percent={(f) => percent(f, lng)} units={units} /> : null}

      <Button variant="link" className="h-auto w-fit justify-self-center p-0 whitespace-normal" disabled={busy} onClick={onClose}>
        {t("swap.close", { token })}
      </Button>
    </Card>
  );
}

function Quote({
  swap,
  amount,
  canPay,
  onPay,
  percent,
  units,
}: {
  swap: Extract<SwapView, { step: "quote" | "paying" }>;
  amount: string;
  canPay: boolean;
  onPay: () => void;
  percent: (fraction: number) => string;
  units: (h: SwapHolding, value: string) => string;
}) {
  const { t } = useTranslation("pay");
  const { quote } = swap.answer;
  const left = useTimeLeft(quote.expiresAt);
  const stale = left !== undefined && left <= 0;
  const paying = swap.step === "paying";
  const refreshing = paying && swap.refreshing;
  const about = units(swap.holding, quote.inAmount);
  return (
    <div className="grid gap-3">
      <dl aria-busy={refreshing || undefined} className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 gap-y-2 rounded-md bg-muted px-3 py-3 text-sm">
        <dt className="font-medium">{t("swap.youPay")}</dt>
        <dd className="text-right text-base font-semibold tabular-nums">{about}</dd>
        <dt className="text-muted-foreground">{t("swap.atMost")}</dt>
        <dd className="text-right tabular-nums">{units(swap.holding, quote.maxInAmount)}</dd>
        <dt className="text-muted-foreground">{t("swap.slippage")}</dt>
        <dd className="text-right tabular-nums">{percent(quote.slippageBps / 10_000)}</dd>
        <dt className="text-muted-foreground">{t("swap.priceImpact")}</dt>
        <dd className="text-right tabular-nums">{percent(Number(quote.priceImpactPct) || 0)}</dd>
        <dt className="text-muted-foreground">{t("swap.merchantGets")}</dt>
        <dd className="text-right tabular-nums">{amount}</dd>
        {left !== undefined ? (
          <>
            <dt className="text-muted-foreground">{t("swap.holds")}</dt>
            <dd className="text-right tabular-nums">
              <TimeLeft ms={left} />
            </dd>
          </>
        ) : null}
      </dl>
      {refreshing ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <RefreshCwIcon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {t("swap.refreshing")}
        </p>
      ) : stale && !paying ? (
        <p role="status" className="text-sm">
          {t("swap.expired")}
        </p>
      ) : null}
      <Button size="lg" className="h-auto min-h-12 w-full py-2 text-base whitespace-normal" disabled={!canPay || paying} onClick={onPay}>
        {paying ? <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
        {paying ? t("swap.paying") : t("swap.pay", { amount: about })}
      </Button>
    </div>
  );
}
