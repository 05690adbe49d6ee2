import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ExternalLink } from "@/components/ui/external-link";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { embedSnippet, shareUrl, type ShareNetwork } from "@/lib/zlink";
import { showToast } from "@/stores/toasts";

export interface PayLinkInstructionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The hosted payment page (`data.page_link` of the instructions call). */
  pageLink: string;
  /** The product's button label, used for the embedded button and the share text. */
  label: string;
  /** The dialog's title, naming the product ("zLink Instructions", "zCart Instructions"). */
  title: string;
}

const NETWORKS: { id: ShareNetwork; name: string }[] = [
  { id: "x", name: "X" },
  { id: "facebook", name: "Facebook" },
  { id: "linkedin", name: "LinkedIn" },
];

/**
 * SPEC §2 instructions of any hosted product (zLink, zCart…): the hosted payment page link (copy,
 * share to three networks) and an HTML snippet to embed a pay button (copy). Its texts are zLink's
 * (the `zlink` namespace), except the title each product passes.
 */
export function PayLinkInstructionsDialog({ open, onOpenChange, pageLink, label, title }: PayLinkInstructionsDialogProps) {
  const { t } = useTranslation("zlink");
  const snippet = embedSnippet(pageLink, label);
  const copyFailed = (err: unknown) => {
    console.warn("clipboard failed", err);
    showToast({ message: t("toasts.copyFailed"), variant: "error" });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t("instructions.description")}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2" aria-labelledby="zlink-hosted-link">
          <Label id="zlink-hosted-link" htmlFor="zlink-hosted-link-input" className="font-semibold">
            {t("instructions.hostedLink")}
          </Label>
          <div className="flex items-center gap-2">
            <Input
              id="zlink-hosted-link-input"
              readOnly
              value={pageLink}
              className="font-mono"
              aria-describedby="zlink-hosted-link-hint"
              onFocus={(e) => e.currentTarget.select()}
            />
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
          <p id="zlink-hosted-link-hint" className="text-sm text-muted-foreground">
            {t("instructions.hostedHint")}
          </p>
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("instructions.share")}>
            <span className="text-sm font-medium">{t("instructions.share")}</span>
            {NETWORKS.map((n) => (
              <Button key={n.id} variant="outline" size="sm" asChild>
                <a
                  href={shareUrl(n.id, pageLink, t("instructions.shareText", { label }))}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t("instructions.shareOn", { network: n.name })}
                >
                  {n.name}
                </a>
              </Button>
            ))}
          </div>
        </section>
        <section className="grid gap-2" aria-labelledby="zlink-embed">
          <Label id="zlink-embed" htmlFor="zlink-embed-input" className="font-semibold">
            {t("instructions.embed")}
          </Label>
          <Textarea
            id="zlink-embed-input"
            readOnly
            rows={4}
            value={snippet}
            className="font-mono text-xs"
            aria-describedby="zlink-embed-hint"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id="zlink-embed-hint" className="text-sm text-muted-foreground">
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
