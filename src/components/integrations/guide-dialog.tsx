import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { guideSnippets, type GuideId } from "@/lib/integrations-catalog";

export interface GuideDialogProps {
  guide: GuideId | null;
  /** This zpay's app origin, written into the code the merchant copies. */
  appOrigin: string;
  onOpenChange(open: boolean): void;
  /** What gets focus back on close (the tile that opened it: the dialog has no Radix trigger). */
  returnFocusTo?: HTMLElement | null;
}

/** An available tile's instructions: install, configure, first payment, then the webhook or the button, each with code to copy. */
export function GuideDialog({ guide, appOrigin, onOpenChange, returnFocusTo }: GuideDialogProps) {
  const { t } = useTranslation("integrations");
  return (
    <Dialog open={guide !== null} onOpenChange={onOpenChange}>
      {guide && (
        <DialogContent
          className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo) return;
            event.preventDefault();
            returnFocusTo.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t(`guides.${guide}.title`)}</DialogTitle>
            <DialogDescription>{t(`guides.${guide}.description`)}</DialogDescription>
          </DialogHeader>
          <ol className="flex min-w-0 flex-col gap-5">
            {guideSnippets(guide, appOrigin).map(({ step, code }, i) => (
              <li key={step} className="flex min-w-0 flex-col gap-2">
                <h3 className="font-semibold">
                  {i + 1}. {t(`guides.steps.${step}`)}
                </h3>
                <p className="text-sm text-muted-foreground">{step === "install" ? t(`guides.${guide}.install`) : t(`guides.steps.${step}Text`)}</p>
                {/* The copy button beside the code, not over it: long lines scroll sideways clear of it. */}
                <div className="flex min-w-0 items-start rounded-md bg-muted">
                  {/* Focusable: keyboard users scroll long lines sideways. */}
                  <pre tabIndex={0} className="min-w-0 flex-1 overflow-x-auto p-3 font-mono text-xs leading-relaxed">
                    <code>{code}</code>
                  </pre>
                  <CopyButton value={code} label={t("guides.copy")} className="m-1 shrink-0" />
                </div>
              </li>
            ))}
          </ol>
          {/* Each link stays on one line: on a phone "API reference" broke between its two words. */}
          <p className="text-sm [&_a]:whitespace-nowrap">
            {t("guides.keys")}{" "}
            <a className="font-medium text-primary underline-offset-4 hover:underline" href="/zapi">
              {t("guides.keysLink")}
            </a>
            {" · "}
            <a className="font-medium text-primary underline-offset-4 hover:underline" href="/api/docs">
              {t("guides.docsLink")}
            </a>
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t("guides.done")}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
