import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { showToast } from "@/stores/toasts";

export interface TermsDialogProps {
  open: boolean;
  /** Records acceptance; a rejection keeps the dialog open with 'Failed to sign in'. */
  onAccept: () => Promise<void>;
  /** The caller disconnects the wallet and forgets the session. */
  onReject: () => void;
}

/** Shown once after a first sign-in: the merchant accepts the terms or leaves (SPEC §2). */
export function TermsDialog({ open, onAccept, onReject }: TermsDialogProps) {
  const { t } = useTranslation("common");
  const [accepting, setAccepting] = useState(false);
  const accept = async () => {
    setAccepting(true);
    try {
      await onAccept();
    } catch {
      showToast({ message: t("terms.failed"), variant: "error" });
    } finally {
      setAccepting(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !accepting && onReject()}>
      <DialogContent showCloseButton={false} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t("terms.title")}</DialogTitle>
          <DialogDescription>{t("terms.intro")}</DialogDescription>
        </DialogHeader>
        <ul className="max-h-60 list-disc space-y-2 overflow-y-auto pl-5 text-sm text-muted-foreground">
          {(t("terms.points", { returnObjects: true }) as string[]).map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onReject} disabled={accepting}>
            {t("terms.reject")}
          </Button>
          <Button onClick={() => void accept()} disabled={accepting} aria-busy={accepting}>
            {accepting ? t("terms.accepting") : t("terms.accept")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
