import * as React from "react";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { buttonVariants } from "./button";
import { dialogContentClassName, dialogOverlayClassName } from "./dialog";

type ConfirmDialogProps = Omit<React.ComponentProps<typeof AlertDialogPrimitive.Root>, "children"> & {
  /** Short heading, e.g. 'Please note'. */
  title: React.ReactNode;
  /** What will happen if the user confirms. */
  message: React.ReactNode;
  /** Element that opens the dialog (rendered `asChild`); omit when `open` is controlled. */
  trigger?: React.ReactElement;
  /** Defaults to the translated 'Confirm'. */
  confirmLabel?: React.ReactNode;
  /** Defaults to the translated 'Cancel'. */
  cancelLabel?: React.ReactNode;
  /** Paints the confirm button red for irreversible actions (disable, delete). */
  destructive?: boolean;
  onConfirm: () => void;
  /** Called when the dialog closes without confirming (Cancel button or Escape). */
  onCancel?: () => void;
  className?: string;
};

/**
 * A ready-made "are you sure?" step before an irreversible action; an alertdialog, so it cannot be
 * dismissed by clicking outside and focus starts on Cancel.
 */
export function ConfirmDialog({
  title,
  message,
  trigger,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
  onOpenChange,
  className,
  ...props
}: ConfirmDialogProps) {
  const { t } = useTranslation("ui");
  const confirmed = React.useRef(false);

  const handleOpenChange = (open: boolean) => {
    if (!open) {
      if (!confirmed.current) onCancel?.();
      confirmed.current = false;
    }
    onOpenChange?.(open);
  };

  return (
    <AlertDialogPrimitive.Root data-slot="confirm-dialog" onOpenChange={handleOpenChange} {...props}>
      {trigger && <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger>}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay data-slot="confirm-dialog-overlay" className={dialogOverlayClassName} />
        <AlertDialogPrimitive.Content data-slot="confirm-dialog-content" className={cn(dialogContentClassName, "sm:max-w-md", className)}>
          <div className="flex flex-col gap-2 text-center sm:text-left">
            <AlertDialogPrimitive.Title data-slot="confirm-dialog-title" className="text-lg leading-none font-semibold">
              {title}
            </AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description data-slot="confirm-dialog-description" className="text-sm text-muted-foreground">
              {message}
            </AlertDialogPrimitive.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: "outline" })}>
              {cancelLabel ?? t("overlays.cancel")}
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action
              className={buttonVariants({ variant: destructive ? "destructive" : "default" })}
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {confirmLabel ?? t("overlays.confirm")}
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
