import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A grey placeholder the shape of content still loading, so the layout does not jump when it
 * arrives. Decorative (aria-hidden): mark the region `aria-busy` or add a Spinner for screen readers.
 */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
