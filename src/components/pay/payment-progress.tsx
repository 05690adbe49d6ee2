import { useEffect, useRef } from "react";
import { CircleCheckIcon, CircleIcon, Loader2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Card } from "@/components/ui/card";
import type { PaymentFlowState } from "@/lib/pay-api";
import { cn } from "@/lib/utils";

const STEPS = ["approve", "send", "confirm"] as const;
/** EVM, when the payment contract may not yet take the amount: the wallet approves that first. */
const STEPS_WITH_ALLOWANCE = ["allow", "approve", "send", "confirm"] as const;

/** Which step is under way for a flow state (SPEC §4: processing → processed → submitted). */
function currentStep(state: PaymentFlowState): number {
  if (state === "processed") return 1;
  if (state === "submitted") return 2;
  return 0;
}

function messageKey(state: PaymentFlowState, approval?: "needed" | "done"): string {
  if (state === "processed") return "progress.processed";
  if (state === "submitted") return "progress.submitted";
  return approval === "needed" ? "progress.allowing" : "progress.processing";
}

/**
 * The payment on its way: three steps (four on EVM when the token allowance is asked first), a
 * polite live region saying what happens now, and the transaction hash once the wallet sent it.
 * Focus moves to the heading when it appears.
 */
export function PaymentProgress({ state, amount, hash, approval, token }: { state: PaymentFlowState; amount: string; hash?: string; approval?: "needed" | "done"; token?: string }) {
  const { t } = useTranslation("pay");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const steps = approval ? STEPS_WITH_ALLOWANCE : STEPS;
  const step = approval === "needed" && state === "processing" ? 0 : currentStep(state) + (approval ? 1 : 0);
  const message = messageKey(state, approval);
  return (
    <Card data-slot="payment-progress" role="region" aria-labelledby="pay-progress-title" className="gap-4 px-5 py-5">
      <h2 id="pay-progress-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t("progress.title", { amount })}
      </h2>
      <ol className="grid gap-3">
        {steps.map((name, i) => {
          const done = i < step;
          const current = i === step;
          const Icon = done ? CircleCheckIcon : current ? Loader2Icon : CircleIcon;
          return (
            <li key={name} className={cn("flex items-center gap-3 text-sm", !done && !current && "text-muted-foreground")} aria-current={current ? "step" : undefined}>
              <Icon aria-hidden="true" className={cn("size-5 shrink-0", done && "text-primary", current && "animate-spin motion-reduce:animate-none")} />
              <span className={cn(current && "font-medium")}>{t(`progress.steps.${name}`, { token })}</span>
              {done || current ? <span className="sr-only">({t(done ? "progress.stepDone" : "progress.stepCurrent")})</span> : null}
            </li>
          );
        })}
      </ol>
      <p role="status" aria-live="polite" className="rounded-md bg-muted px-3 py-2 text-sm">
        {t(message, { token })}
      </p>
      {hash ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t("progress.transaction")}</span>
          <AddressDisplay address={hash} chars={8} copyable />
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">{t("progress.keepOpen")}</p>
    </Card>
  );
}
