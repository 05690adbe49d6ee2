import * as React from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DialogFooter } from "@/components/ui/dialog";
import { ApiRequestError } from "@/lib/api-client";
import { showToast } from "@/stores/toasts";

export interface ProductFormFooterProps {
  mode: "create" | "update";
  /** Given in update mode only: offers Disable, behind the warning. */
  onDisable?: () => void;
  isValid: boolean;
  isSubmitting: boolean;
  disabling: boolean;
  /** The product's own words for the buttons and the warning. */
  labels: { create: string; update: string; saving: string; disable: string };
  confirm: { title: string; message: string; confirmLabel: string };
}

/**
 * Create/Update on the right, Disable (update mode) on the left behind a warning: the footer of
 * the product form dialogs. Render it inside the `<form>`; the warning is a portal.
 */
export function ProductFormFooter({ mode, onDisable, isValid, isSubmitting, disabling, labels, confirm }: ProductFormFooterProps) {
  const [confirmDisable, setConfirmDisable] = React.useState(false);
  return (
    <>
      <DialogFooter className="sm:justify-between">
        {mode === "update" && onDisable ? (
          <Button type="button" variant="outline" className="text-destructive" disabled={isSubmitting || disabling} onClick={() => setConfirmDisable(true)}>
            {labels.disable}
          </Button>
        ) : (
          <span className="hidden sm:block" />
        )}
        <Button type="submit" disabled={!isValid || isSubmitting || disabling}>
          {isSubmitting ? labels.saving : mode === "create" ? labels.create : labels.update}
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={confirmDisable}
        onOpenChange={setConfirmDisable}
        title={confirm.title}
        message={confirm.message}
        confirmLabel={confirm.confirmLabel}
        destructive
        onConfirm={() => onDisable?.()}
      />
    </>
  );
}

/**
 * Runs a product's Disable and says while it runs; a refusal is shown in a toast (the server's
 * words for a 4xx, `notSaved` otherwise) and the dialog stays open.
 */
export function useDisableProduct(onDisable: (() => Promise<void>) | undefined, notSaved: string) {
  const [disabling, setDisabling] = React.useState(false);
  const disable = onDisable
    ? () => {
        setDisabling(true);
        void onDisable()
          .catch((err: unknown) => {
            showToast({ message: err instanceof ApiRequestError && err.status > 0 && err.status < 500 ? err.message : notSaved, variant: "error" });
          })
          .finally(() => setDisabling(false));
      }
    : undefined;
  return { disabling, disable };
}
