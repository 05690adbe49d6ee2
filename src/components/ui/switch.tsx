import * as React from "react";
import { Switch as SwitchPrimitive } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "@/lib/utils";

export const switchVariants = cva(
  "peer inline-flex shrink-0 cursor-pointer items-center rounded-full border border-transparent shadow-xs transition-all outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:ring-[3px] aria-invalid:ring-destructive/20 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
  {
    variants: { size: { default: "h-5 w-9", sm: "h-4 w-7" } },
    defaultVariants: { size: "default" },
  },
);

/** An on/off setting that applies at once (e.g. the partial refund toggle, email notifications). */
export function Switch({
  className,
  size,
  ...props
}: React.ComponentProps<typeof SwitchPrimitive.Root> & VariantProps<typeof switchVariants>) {
  return (
    <SwitchPrimitive.Root data-slot="switch" data-size={size ?? "default"} className={cn(switchVariants({ size }), className)} {...props}>
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(
          "pointer-events-none block rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=unchecked]:translate-x-0.5",
          size === "sm" ? "size-3 data-[state=checked]:translate-x-3.5" : "size-4 data-[state=checked]:translate-x-[1.1rem]",
        )}
      />
    </SwitchPrimitive.Root>
  );
}
