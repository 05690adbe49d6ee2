import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ReferralLinkCard } from "@/components/dashboard/referral-link-card";
import type { ApiClient } from "@/lib/api-client";
import type { ReferralDto } from "@/lib/referral";
import { ReferralList } from "./referral-list";

export interface ReferralPageProps {
  api: ApiClient;
  /** The site's base address the link starts with. */
  origin: string;
  referralCode: string;
  timeZone?: string;
}

/** /referral (SPEC §2 "Referral"): the merchant's own link with copy, and the merchants it brought. */
export function ReferralPage({ api, origin, referralCode, timeZone }: ReferralPageProps) {
  const { t } = useTranslation("rewards");
  const [referrals, setReferrals] = React.useState<ReferralDto[] | null>(null);
  const [loadFailed, setLoadFailed] = React.useState(false);

  const fetchReferrals = React.useCallback(async () => (await api.get<{ data: { referrals: ReferralDto[] } }>("/v1/referrals")).data.referrals, [api]);
  React.useEffect(() => {
    let live = true;
    fetchReferrals().then(
      (loaded) => live && setReferrals(loaded),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [fetchReferrals]);
  const retry = () => {
    setLoadFailed(false);
    fetchReferrals().then(setReferrals, () => setLoadFailed(true));
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t("referral.title")}</h1>
        <p className="text-muted-foreground">{t("referral.intro")}</p>
      </div>
      <ReferralLinkCard origin={origin} referralCode={referralCode} />
      {loadFailed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("loadFailed")}</span>
          <Button size="sm" variant="outline" onClick={retry}>
            {t("retry")}
          </Button>
        </div>
      ) : (
        <ReferralList referrals={referrals} timeZone={timeZone} />
      )}
    </div>
  );
}
