import * as React from "react";
import { cn } from "@/lib/utils";
import { fieldClassName } from "./input";

/** A multi-line field (descriptions, messages) that grows with its content where supported. */
export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(fieldClassName, "field-sizing-content min-h-16 py-2", className)} {...props} />;
}
