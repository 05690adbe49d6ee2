import * as React from "react";
import DOMPurify from "dompurify";
import { CircleAlertIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A refusal from the server shown where the merchant is looking (inside the dialog, which hides
 * the page's toast bar). SPEC §7 says `already-attached` arrives as HTML: it is sanitised first.
 */
export function ServerMessage({ message, className }: { message: string; className?: string }) {
  const html = React.useMemo(() => DOMPurify.sanitize(message), [message]);
  return (
    <div
      role="alert"
      data-slot="wallet-dialog-message"
      className={cn("flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-foreground", className)}
    >
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1 wrap-anywhere" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}
