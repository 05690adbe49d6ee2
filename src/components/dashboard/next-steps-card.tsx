import { CheckIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { NEXT_STEPS, stepDone, type NextStepsProgress } from "@/lib/next-steps";
import { cn } from "@/lib/utils";

export interface NextStepsCardProps extends NextStepsProgress {
  /** Hides the guide for good on this browser; without it the card has no Hide button. */
  onDismiss?: () => void;
}

/**
 * SPEC §2's guide (create a payment link, share it, get paid) with attaching a receiving wallet
 * first (issue 28): a done step shows a check instead of its button. The dashboard drops the card
 * once every step is done (`nextStepsDone`) or the merchant hid it.
 */
export function NextStepsCard({ hasWallet, hasName, paid, onDismiss }: NextStepsCardProps) {
  const { t } = useTranslation("common");
  // The first step still to do is the one the eye should land on.
  const next = NEXT_STEPS.find((step) => step.href && !stepDone(step.key, { hasWallet, hasName, paid }))?.key;
  return (
    <Card data-testid="next-steps">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("dashboard.steps.title")}</h2>
        </CardTitle>
        {onDismiss ? (
          <CardAction>
            <Button variant="ghost" size="icon" className="-mt-2 -mr-2" onClick={onDismiss} aria-label={t("dashboard.steps.dismiss")} title={t("dashboard.steps.dismiss")}>
              <XIcon aria-hidden="true" />
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
          {NEXT_STEPS.map((step, index) => {
            const done = stepDone(step.key, { hasWallet, hasName, paid });
            return (
              <li key={step.key} className="flex gap-3 lg:flex-col">
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-8 shrink-0 items-center justify-center rounded-full font-semibold",
                    done ? "bg-success text-success-foreground" : "bg-primary text-primary-foreground",
                  )}
                >
                  {done ? <CheckIcon className="size-4" /> : index + 1}
                </span>
                <div className="flex flex-col items-start gap-1">
                  <h3 className="font-medium">{t(`dashboard.steps.${step.key}.title`)}</h3>
                  <p className="text-sm text-muted-foreground">{t(`dashboard.steps.${step.key}.description`)}</p>
                  {done ? (
                    <p className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-success-foreground">
                      <CheckIcon aria-hidden="true" className="size-4" />
                      {t("dashboard.steps.done")}
                    </p>
                  ) : step.href ? (
                    <a href={step.href} className={buttonVariants({ variant: step.key === next ? "default" : "outline", size: "sm", className: "mt-1" })}>
                      {t(`dashboard.steps.${step.key}.action`)}
                    </a>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
