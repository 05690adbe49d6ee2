import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { ExternalLink } from "@/components/ui/external-link";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { embedSnippet } from "@/lib/zlink";
import { showToast } from "@/stores/toasts";

export interface BillInstructionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The zInvoice's hosted payment page. */
  pageLink: string;
  /** The pay button's label. */
  label: string;
}

/** Setup Instructions (SPEC dialogs): the zInvoice's payment page to copy or open, and a pay button to embed. */
export function BillInstructionsDialog({ open, onOpenChange, pageLink, label }: BillInstructionsDialogProps) {
  const { t } = useTranslation("invoices");
  const snippet = embedSnippet(pageLink, label);
  const copyFailed = (err: unknown) => {
    console.warn("clipboard failed", err);
    showToast({ message: t("toasts.copyFailed"), variant: "error" });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("instructions.title")}</DialogTitle>
          <DialogDescription>{t("instructions.description")}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2">
          <Label htmlFor="bill-page-link" className="font-semibold">
            {t("instructions.hostedLink")}
          </Label>
          <div className="flex items-center gap-2">
            <Input id="bill-page-link" readOnly value={pageLink} className="font-mono" aria-describedby="bill-page-link-hint" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton
              value={pageLink}
              variant="outline"
              label={t("instructions.copyLink")}
              onCopied={() => showToast({ message: t("toasts.copied"), variant: "success" })}
              onCopyFailed={copyFailed}
            />
            <Button variant="outline" size="icon" asChild>
              <ExternalLink href={pageLink} variant="bare" aria-label={t("instructions.open")} title={t("instructions.open")} />
            </Button>
          </div>
          <p id="bill-page-link-hint" className="text-sm text-muted-foreground">
            {t("instructions.hostedHint")}
          </p>
        </section>
        <section className="grid gap-2">
          <Label htmlFor="bill-embed" className="font-semibold">
            {t("instructions.embed")}
          </Label>
          <Textarea id="bill-embed" readOnly rows={4} value={snippet} className="font-mono text-xs" aria-describedby="bill-embed-hint" onFocus={(e) => e.currentTarget.select()} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id="bill-embed-hint" className="text-sm text-muted-foreground">
              {t("instructions.embedHint")}
            </p>
            <CopyButton
              value={snippet}
              variant="outline"
              label={t("instructions.copyEmbed")}
              onCopied={() => showToast({ message: t("instructions.embedCopied"), variant: "success" })}
              onCopyFailed={copyFailed}
            />
          </div>
        </section>
      </DialogContent>
    </Dialog>
  );
}
