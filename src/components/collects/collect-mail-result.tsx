import { useTranslation } from "react-i18next";
import { MailCheckIcon, MailWarningIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import type { CollectMailOutcome } from "@/lib/collect-mail";
import { formatWait } from "@/lib/wait";

export interface CollectMailResultProps {
  /** What the server did with the payer's e-mail (never `unchanged`: that edit just closes). */
  outcome: Exclude<CollectMailOutcome, { status: "unchanged" }>;
  /** The saved amount and currency, as the payer's e-mail names them. */
  amount: string;
  currency: string;
  onClose: () => void;
}

/**
 * The edit dialog's result once a change the payer was told about (amount, currency, address) is
 * saved: whether they were e-mailed the new details, and if not, why and what to do. The link
 * charges the new amount either way, so a merchant must not believe the payer was told when not.
 */
export function CollectMailResult({ outcome, amount, currency, onClose }: CollectMailResultProps) {
  const { t, i18n } = useTranslation("collects");
  const sent = outcome.status === "sent";
  const Icon = sent ? MailCheckIcon : MailWarningIcon;
  const title = sent ? t("mailResult.sentTitle") : outcome.queued ? t("mailResult.queuedTitle") : t("mailResult.notSentTitle");
  const text = sent
    ? t("mailResult.sent", { email: outcome.to, amount, currency })
    : t(`mailResult.reasons.${outcome.reason}`, {
        email: outcome.to,
        wait: formatWait(outcome.retryAfterSeconds ?? 60, i18n.resolvedLanguage),
      });
  return (
    <div className="grid gap-4">
      <div role="status" className={sent ? "flex gap-3 rounded-md border p-4" : "flex gap-3 rounded-md border border-amber-500/60 bg-amber-500/10 p-4"}>
        <Icon aria-hidden="true" className={sent ? "mt-0.5 size-5 shrink-0 text-emerald-600" : "mt-0.5 size-5 shrink-0 text-amber-700"} />
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">{title}</p>
          <p>{text}</p>
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onClose}>{t("mailResult.close")}</Button>
      </DialogFooter>
    </div>
  );
}
