import * as React from "react";
import { Loader2Icon } from "lucide-react";
import { cva, type VariantProps } from "class-variance-authority";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

export const spinnerVariants = cva("inline-flex shrink-0 items-center justify-center text-muted-foreground", {
  variants: {
    size: { sm: "[&_svg]:size-4", default: "[&_svg]:size-6", lg: "[&_svg]:size-10" },
  },
  defaultVariants: { size: "default" },
});

/**
 * "Busy" indicator (e.g. wallet balances still arriving). A status region, so screen readers
 * hear "Loading…" (or `label`) instead of silence.
 */
export function Spinner({
  className,
  size,
  label,
  ...props
}: Omit<React.ComponentProps<"span">, "children"> & VariantProps<typeof spinnerVariants> & { label?: string }) {
  const { t } = useTranslation("ui");
  const text = label ?? t("primitives.loading");
  return (
    <span role="status" aria-label={text} data-slot="spinner" className={cn(spinnerVariants({ size }), className)} {...props}>
      <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      <span className="sr-only">{text}</span>
    </span>
  );
}
