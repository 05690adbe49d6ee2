import * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { useTranslation } from "react-i18next";
import type { StatusDisplay } from "@/lib/status";
import { cn } from "@/lib/utils";

export const statusChipVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 rounded-full border border-transparent px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:pointer-events-none [&_svg]:size-3",
  {
    variants: {
      color: {
        primary: "bg-primary text-primary-foreground",
        secondary: "border-border bg-secondary text-secondary-foreground",
        warning: "bg-warning text-warning-foreground",
        error: "bg-destructive text-destructive-foreground",
        info: "bg-info text-info-foreground",
      },
    },
    defaultVariants: { color: "info" },
  },
);

type StatusChipProps = Omit<React.ComponentProps<"span">, "color"> &
  VariantProps<typeof statusChipVariants> & {
    /** A reading from `@/lib/status`: its label is translated and its colour used unless `color` is given. */
    status?: StatusDisplay;
  };

/**
 * A payment, link or invoice status at a glance. Pass `status` from `paymentRowStatus` /
 * `billStatus` so every table reads statuses the same way, or plain `children` and a `color`.
 */
export function StatusChip({ className, color, status, children, ...props }: StatusChipProps) {
  const { t } = useTranslation("ui");
  const tone = color ?? status?.color;
  return (
    <span data-slot="status-chip" data-color={tone ?? "info"} className={cn(statusChipVariants({ color: tone }), className)} {...props}>
      {children ?? (status ? t(status.labelKey, { ...status.labelValues }) : null)}
    </span>
  );
}
