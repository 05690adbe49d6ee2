import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";

const STEPS = [
  { key: "create", href: "/quick-pays?open-create=true" },
  { key: "share", href: "/quick-pays?open-share=true" },
  { key: "paid", href: undefined },
] as const;

/** SPEC §2: the 3-step guide (create a payment link, share it, get paid) with links into zLink. */
export function NextStepsCard() {
  const { t } = useTranslation("common");
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("dashboard.steps.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.key} className="flex gap-3 md:flex-col">
              <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <div className="flex flex-col items-start gap-1">
                <h3 className="font-medium">{t(`dashboard.steps.${step.key}.title`)}</h3>
                <p className="text-sm text-muted-foreground">{t(`dashboard.steps.${step.key}.description`)}</p>
                {step.href ? (
                  <a href={step.href} className={buttonVariants({ variant: "outline", size: "sm", className: "mt-1" })}>
                    {t(`dashboard.steps.${step.key}.action`)}
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
