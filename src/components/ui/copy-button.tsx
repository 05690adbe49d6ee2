import * as React from "react";
import { CheckIcon, CircleAlertIcon, CopyIcon } from "lucide-react";
import type { VariantProps } from "class-variance-authority";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { Button, buttonVariants } from "./button";

/** Where the button is in its copy cycle; also exposed as `data-state` for styling and tests. */
export type CopyState = "idle" | "copied" | "failed";

type CopyButtonProps = Omit<React.ComponentProps<"button">, "value" | "children"> &
  VariantProps<typeof buttonVariants> & {
    /** The text put on the clipboard. */
    value: string;
    /** Called after a successful copy, e.g. to show "Referral link copied to clipboard!". */
    onCopied?: (value: string) => void;
    /** Called when the clipboard refuses (no permission, insecure page); the button shows it too. */
    onCopyFailed?: (error: unknown) => void;
    /** Accessible name of an icon-only button, e.g. "Copy referral link"; defaults to "Copy". */
    label?: string;
    /** Shows the text (Copy / Copied / Couldn't copy) beside the icon instead of only announcing it. */
    showLabel?: boolean;
    /** How long the feedback stays, in ms; 0 keeps it until the next click. */
    feedbackMs?: number;
  };

/**
 * Copies `value` to the clipboard and says how it went: a check (or alert) icon on the button
 * and a polite announcement for screen readers. No toast: callers add one through the callbacks.
 */
export function CopyButton({
  value,
  onCopied,
  onCopyFailed,
  label,
  showLabel = false,
  feedbackMs = 2000,
  variant = "ghost",
  size,
  className,
  onClick,
  ...props
}: CopyButtonProps) {
  const { t } = useTranslation("ui");
  const [state, setState] = React.useState<CopyState>("idle");

  React.useEffect(() => {
    if (state === "idle" || feedbackMs <= 0) return;
    const timer = setTimeout(() => setState("idle"), feedbackMs);
    return () => clearTimeout(timer);
  }, [state, feedbackMs]);

  async function copy(event: React.MouseEvent<HTMLButtonElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    try {
      if (!globalThis.navigator?.clipboard?.writeText) throw new Error("Clipboard API unavailable");
      await navigator.clipboard.writeText(value);
      setState("copied");
      onCopied?.(value);
    } catch (error) {
      setState("failed");
      onCopyFailed?.(error);
    }
  }

  const feedback = state === "copied" ? t("primitives.copied") : state === "failed" ? t("primitives.copyFailed") : "";
  const Icon = state === "copied" ? CheckIcon : state === "failed" ? CircleAlertIcon : CopyIcon;
  return (
    <>
      <Button
        type="button"
        data-slot="copy-button"
        data-state={state}
        variant={variant}
        size={size ?? (showLabel ? "sm" : "icon")}
        aria-label={showLabel ? undefined : (label ?? t("primitives.copy"))}
        className={cn(
          "data-[state=copied]:[&_svg]:text-success-foreground data-[state=failed]:[&_svg]:text-destructive",
          className,
        )}
        onClick={copy}
        {...props}
      >
        <Icon aria-hidden="true" />
        {showLabel && <span>{feedback || t("primitives.copy")}</span>}
      </Button>
      <span role="status" className="sr-only" data-slot="copy-button-status">
        {feedback}
      </span>
    </>
  );
}
