import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { referralLink } from "@/lib/referral";
import { showToast } from "@/stores/toasts";

/** The merchant's own referral link with a copy button (SPEC §2 Dashboard). */
export function ReferralLinkCard({ origin, referralCode }: { origin: string; referralCode: string }) {
  const { t } = useTranslation("common");
  const link = referralLink(origin, referralCode);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("dashboard.referral.title")}</CardTitle>
        <CardDescription>{t("dashboard.referral.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md border bg-muted px-3 py-2 text-sm">{link}</code>
        <CopyButton
          value={link}
          label={t("dashboard.referral.copy")}
          onCopied={() => showToast({ message: t("dashboard.referral.copied"), variant: "success" })}
          onCopyFailed={(err) => console.warn("clipboard failed", err)}
        />
      </CardContent>
    </Card>
  );
}
