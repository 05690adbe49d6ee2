import * as React from "react";
import { useTranslation } from "react-i18next";
import { Gift, Star } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiClient } from "@/lib/api-client";
import { displayPoints, type PointsDto } from "@/lib/points";

export interface PointsPageProps {
  api: ApiClient;
}

/** One label and its figure in a card; a skeleton while the figures load. */
function Figure({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 border-b py-2 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right font-semibold tabular-nums">{value === null ? <Skeleton className="h-5 w-16" /> : value}</dd>
    </div>
  );
}

/** /points (SPEC §2 "Points"): 'Points Earned', the 'Points Program' and 'Referral Points' cards, and the rules. */
export function PointsPage({ api }: PointsPageProps) {
  const { t, i18n } = useTranslation("rewards");
  const [points, setPoints] = React.useState<PointsDto | null>(null);
  const [loadFailed, setLoadFailed] = React.useState(false);

  const fetchPoints = React.useCallback(async () => (await api.get<{ data: PointsDto }>("/points")).data, [api]);
  React.useEffect(() => {
    let live = true;
    fetchPoints().then(
      (loaded) => live && setPoints(loaded),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [fetchPoints]);
  const retry = () => {
    setLoadFailed(false);
    fetchPoints().then(setPoints, () => setLoadFailed(true));
  };

  const lng = i18n.language;
  const shown = (text: string | undefined) => (text === undefined ? null : displayPoints(text, lng));
  const count = (n: number | undefined) => (n === undefined ? null : new Intl.NumberFormat(lng).format(n));

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("points.title")}</h1>
        <p className="text-muted-foreground">{t("points.intro")}</p>
      </div>
      {loadFailed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("loadFailed")}</span>
          <Button size="sm" variant="outline" onClick={retry}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 md:grid-cols-2" aria-busy={points === null}>
          <Card className="md:col-span-2">
            <CardContent className="flex items-center gap-4">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Star aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <h2 className="text-sm font-medium text-muted-foreground">{t("points.earned")}</h2>
                <div className="text-4xl font-bold tabular-nums" data-testid="points-earned">
                  {points === null ? <Skeleton className="h-10 w-24" /> : count(points.pointsEarned)}
                </div>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{t("points.program.title")}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl>
                <Figure label={t("points.program.received")} value={shown(points?.totalReceived)} />
                <Figure label={t("points.program.sent")} value={shown(points?.totalPaid)} />
                <Figure label={t("points.program.ramp")} value={shown(points?.rampPayments)} />
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>{t("points.referral.title")}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <dl>
                <Figure label={t("points.referral.people")} value={count(points?.peopleReferred)} />
                <Figure label={t("points.referral.refereePoints")} value={count(points?.refereePoints)} />
                <Figure label={t("points.referral.boost")} value={points ? points.referralBoost : null} />
              </dl>
              <Button asChild variant="outline" size="sm" className="self-start">
                <a href="/referral">
                  <Gift aria-hidden="true" />
                  {t("points.seeReferrals")}
                </a>
              </Button>
            </CardContent>
          </Card>
        </div>
      )}
      <section aria-labelledby="points-rules" className="rounded-xl border p-4 text-sm">
        <h2 id="points-rules" className="mb-2 font-semibold">
          {t("points.rules.title")}
        </h2>
        <ul className="list-inside list-disc space-y-1 text-muted-foreground">
          <li>{t("points.rules.received")}</li>
          <li>{t("points.rules.sent")}</li>
          <li>{t("points.rules.ramp")}</li>
        </ul>
      </section>
    </div>
  );
}
