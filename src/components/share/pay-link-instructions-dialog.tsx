import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { HostedLinkField } from "@/components/ui/hosted-link-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { embedSnippet, shareUrl, type ShareNetwork } from "@/lib/zlink";
import { showToast } from "@/stores/toasts";

export interface PayLinkInstructionsDialogProps {
  /**
   * Translation namespace with `instructions.*` (title, description, hostedLink, hostedHint, copyLink,
   * open, share, shareOn, embed, embedHint, copyEmbed, embedCopied, shareText) and `toasts.copied`,
   * `toasts.copyFailed`; also the prefix of the element ids.
   */
  namespace: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The hosted payment page (`data.page_link` of the instructions call). */
  pageLink: string;
  /** The product's title, used for the embedded button and the share text. */
  label: string;
  /** The dialog's title when it is not the namespace's `instructions.title` (zCart borrows zLink's texts). */
  title?: string;
}

const NETWORKS: { id: ShareNetwork; name: string }[] = [
  { id: "x", name: "X" },
  { id: "facebook", name: "Facebook" },
  { id: "linkedin", name: "LinkedIn" },
];

/**
 * SPEC §2 instructions of any hosted product page (zLink, donations…): the link (copy, share to
 * three networks) and an HTML snippet to embed a button (copy). Each product brings its texts.
 */
export function PayLinkInstructionsDialog({ namespace, open, onOpenChange, pageLink, label, title }: PayLinkInstructionsDialogProps) {
  const { t } = useTranslation(namespace);
  const id = (part: string) => `${namespace}-${part}`;
  const snippet = embedSnippet(pageLink, label);
  const copyFailed = (err: unknown) => {
    console.warn("clipboard failed", err);
    showToast({ message: t("toasts.copyFailed"), variant: "error" });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{title ?? t("instructions.title")}</DialogTitle>
          <DialogDescription>{t("instructions.description")}</DialogDescription>
        </DialogHeader>
        <section className="grid gap-2" aria-labelledby={id("hosted-link")}>
          <HostedLinkField
            id={id("hosted-link")}
            pageLink={pageLink}
            label={t("instructions.hostedLink")}
            hint={t("instructions.hostedHint")}
            copyLabel={t("instructions.copyLink")}
            openLabel={t("instructions.open")}
            onCopied={() => showToast({ message: t("toasts.copied"), variant: "success" })}
            onCopyFailed={copyFailed}
          />
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
        <section className="grid gap-2" aria-labelledby={id("embed")}>
          <Label id={id("embed")} htmlFor={id("embed-input")} className="font-semibold">
            {t("instructions.embed")}
          </Label>
          <Textarea
            id={id("embed-input")}
            readOnly
            rows={4}
            value={snippet}
            className="font-mono text-xs"
            aria-describedby={id("embed-hint")}
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={id("embed-hint")} className="text-sm text-muted-foreground">
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
