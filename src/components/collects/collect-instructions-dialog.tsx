import * as React from "react";
import { useTranslation } from "react-i18next";
import { MailIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { HostedLinkField } from "@/components/ui/hosted-link-field";
import { showToast } from "@/stores/toasts";

export interface CollectInstructionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pay link (`data.page_link` of the instructions call). */
  pageLink: string;
  /** The payer the request names. */
  name: string;
  email: string;
  /** Sends the payer a reminder (the page shows the toast); omitted, no button. */
  onRemind?: () => Promise<void>;
}

/**
 * zRequest instructions: the pay link the payer was e-mailed (copy, open) and a button to e-mail
 * it again. A private request has no share or embed (unlike a zLink).
 */
export function CollectInstructionsDialog({ open, onOpenChange, pageLink, name, email, onRemind }: CollectInstructionsDialogProps) {
  const { t } = useTranslation("collects");
  const [sending, setSending] = React.useState(false);
  const remind = async () => {
    if (!onRemind) return;
    setSending(true);
    try {
      await onRemind();
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("instructions.title")}</DialogTitle>
          <DialogDescription>{t("instructions.description", { name, email })}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2" aria-labelledby="collect-pay-link">
          <HostedLinkField
            id="collect-pay-link"
            pageLink={pageLink}
            label={t("instructions.hostedLink")}
            hint={t("instructions.hostedHint")}
            copyLabel={t("instructions.copyLink")}
            openLabel={t("instructions.open")}
            onCopied={() => showToast({ message: t("toasts.copied"), variant: "success" })}
            onCopyFailed={(err) => {
              console.warn("clipboard failed", err);
              showToast({ message: t("toasts.copyFailed"), variant: "error" });
            }}
          />
        </section>
        {onRemind ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id="collect-remind-hint" className="text-sm text-muted-foreground">
              {t("instructions.remindHint", { name })}
            </p>
            <Button variant="outline" aria-describedby="collect-remind-hint" disabled={sending} onClick={() => void remind()}>
              <MailIcon aria-hidden="true" />
              {t("instructions.remind")}
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
