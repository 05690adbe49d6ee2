import { useTranslation } from "react-i18next";
import { UserRound } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { ReferralDto } from "@/lib/referral";

export interface ReferralListProps {
  /** Newest first, as the server sends them; null while loading. */
  referrals: ReferralDto[] | null;
  /** For stable stories and tests; the reader's own zone otherwise. */
  timeZone?: string;
}

/** SPEC §9: the referral list is at most 760 px high; longer lists scroll inside it. */
export const REFERRAL_LIST_MAX_HEIGHT = 760;

/**
 * The merchants who signed up with the referral link, by date, each with their e-mail's local
 * part. The list scrolls past 760 px; the scroll region takes keyboard focus so it can be
 * scrolled without a mouse.
 */
export function ReferralList({ referrals, timeZone }: ReferralListProps) {
  const { t, i18n } = useTranslation("rewards");
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("referral.listTitle")}</h2>
        </CardTitle>
        {referrals?.length ? <CardDescription>{t("referral.count", { count: referrals.length })}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {referrals === null ? (
          <div role="status" aria-busy="true" aria-label={t("loading")} className="flex flex-col gap-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : referrals.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t("referral.empty")}</p>
        ) : (
          <ul
            role="list"
            tabIndex={0}
            aria-label={t("referral.listLabel")}
            className="divide-y overflow-y-auto rounded-md border focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            style={{ maxHeight: REFERRAL_LIST_MAX_HEIGHT }}
          >
            {referrals.map((r, i) => (
              <li key={`${r.createdAt}-${i}`} className="flex items-center gap-3 px-3 py-2">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <UserRound aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0 flex-1 truncate font-medium">{r.refereeInfo.email ?? <span className="text-muted-foreground italic">{t("referral.noEmail")}</span>}</span>
                <time dateTime={r.createdAt} className="shrink-0 text-sm text-muted-foreground tabular-nums">
                  {dateFormat.format(new Date(r.createdAt))}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
