import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ExternalLink } from "@/components/ui/external-link";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { chainById, explorerAddressUrl } from "@/lib/chains";

export interface ConfirmWalletDialogProps {
  open: boolean;
  address: string;
  chainId: number;
  /** True while the address is being saved. */
  saving?: boolean;
  onConfirm: () => void;
  /** Back to the form (also Escape and the close button). */
  onBack: () => void;
}

/**
 * SPEC §2 'Confirm Wallet Address': the full address, a link to it on the chain's explorer when
 * one exists, and the double-check warning, before it is saved.
 */
export function ConfirmWalletDialog({ open, address, chainId, saving = false, onConfirm, onBack }: ConfirmWalletDialogProps) {
  const { t } = useTranslation("settings");
  const chain = chainById(chainId);
  const explorer = chain ? explorerAddressUrl(chain, address) : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && onBack()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("confirm.title")}</DialogTitle>
          <DialogDescription>{t("confirm.text")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <code data-slot="confirm-wallet-address" className="rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all">
            {address}
          </code>
          <p className="text-sm text-muted-foreground">{t("confirm.network", { chain: chain?.name ?? String(chainId) })}</p>
          {explorer ? (
            <ExternalLink href={explorer} className="w-fit text-sm">
              {t("confirm.explorer")}
            </ExternalLink>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onBack} disabled={saving}>
            {t("confirm.back")}
          </Button>
          <Button onClick={onConfirm} disabled={saving}>
            {saving ? t("confirm.saving") : t("confirm.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
