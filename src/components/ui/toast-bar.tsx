import * as React from "react";
import DOMPurify from "dompurify";
import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import type { Toast, ToastVariant } from "@/stores/toasts";

export const toastVariants = cva(
  "pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-md border py-3 pr-2 pl-3 text-sm shadow-lg [&_a]:font-medium [&_a]:underline [&_a]:underline-offset-2",
  {
    variants: {
      variant: {
        success: "border-success-foreground/20 bg-success text-success-foreground",
        error: "border-transparent bg-destructive text-destructive-foreground",
        info: "border-info-foreground/20 bg-info text-info-foreground",
        warning: "border-warning-foreground/20 bg-warning text-warning-foreground",
      },
    },
    defaultVariants: { variant: "info" },
  },
);

const icons: Record<ToastVariant, React.ComponentType<React.SVGProps<SVGSVGElement>>> = {
  success: CircleCheckIcon,
  error: CircleAlertIcon,
  info: InfoIcon,
  warning: TriangleAlertIcon,
};

/**
 * One toast. Messages may carry HTML (SPEC §4), so it is sanitised here, at the only place it
 * reaches the DOM; errors use role="alert" to interrupt, the rest are polite status messages.
 */
export function ToastItem({
  toast,
  onDismiss,
  className,
  ...props
}: Omit<React.ComponentProps<"div">, "children"> & VariantProps<typeof toastVariants> & { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation("ui");
  const html = React.useMemo(() => DOMPurify.sanitize(toast.message), [toast.message]);
  const Icon = icons[toast.variant];
  return (
    <div
      data-slot="toast"
      data-variant={toast.variant}
      role={toast.variant === "error" ? "alert" : "status"}
      aria-live={toast.variant === "error" ? "assertive" : "polite"}
      aria-atomic="true"
      className={cn(toastVariants({ variant: toast.variant }), className)}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div data-slot="toast-message" className="min-w-0 flex-1 break-words" dangerouslySetInnerHTML={{ __html: html }} />
      <button
        type="button"
        data-slot="toast-close"
        aria-label={t("overlays.dismiss")}
        onClick={() => onDismiss(toast.id)}
        className="-my-1 shrink-0 cursor-pointer rounded-sm p-1 opacity-70 outline-none transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
      >
        <XIcon aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * The toasts at the top of the screen, above dialogs; hidden ones (auto-hidden, not yet cleaned
 * up) are skipped. Mount one per page; the app shell's ConnectedToastBar feeds it the store.
 */
export function ToastBar({
  toasts,
  onDismiss,
  className,
  ...props
}: Omit<React.ComponentProps<"section">, "children"> & { toasts: readonly Toast[]; onDismiss: (id: string) => void }) {
  const { t } = useTranslation("ui");
  return (
    <section
      data-slot="toast-bar"
      aria-label={t("overlays.notifications")}
      className={cn("pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4", className)}
      {...props}
    >
      {toasts
        .filter((toast) => toast.visible)
        .map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
    </section>
  );
}
