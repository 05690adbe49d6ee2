import * as React from "react";
import { useStore } from "@nanostores/react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/utils";
import { $onboarding, finishTour, setDoNotShow } from "@/stores/onboarding";

export interface TourStep {
  /** CSS selector of the element this step explains; scrolled into view and outlined. */
  target?: string;
  title: string;
  body: string;
}

export interface GuidedTourProps {
  steps: TourStep[];
  open: boolean;
  /** Called when the tour ends: 'All Done!', the close button or Escape. */
  onClose: () => void;
  /** Step shown when the tour opens (0-based); defaults to the first. */
  initialStep?: number;
  className?: string;
}

/** Outlines the step's target without touching its classes; restores the old inline styles after. */
function useHighlight(selector: string | undefined, active: boolean) {
  React.useEffect(() => {
    if (!active || !selector) return;
    let element: HTMLElement | null;
    try {
      element = document.querySelector<HTMLElement>(selector);
    } catch {
      return; // an invalid selector only loses the highlight
    }
    if (!element) return;
    const { outline, outlineOffset } = element.style;
    element.style.outline = "3px solid var(--color-ring, currentColor)";
    element.style.outlineOffset = "4px";
    element.setAttribute("data-tour-target", "");
    element.scrollIntoView?.({ block: "center", inline: "nearest" });
    const target = element;
    return () => {
      target.style.outline = outline;
      target.style.outlineOffset = outlineOffset;
      target.removeAttribute("data-tour-target");
    };
  }, [selector, active]);
}

/**
 * The guided tour (SPEC §2, top bar): one card per step with a counter like 1/N, Prev and Next;
 * on the last step Next reads 'All Done!' and closes. A non-modal dialog in a corner: the page
 * and the outlined target stay visible and usable; focus starts on Next and Escape closes.
 */
export function GuidedTour({ steps, open, onClose, initialStep = 0, className }: GuidedTourProps) {
  const { t } = useTranslation("common");
  const { donotShow } = useStore($onboarding);
  const last = Math.max(steps.length - 1, 0);
  const start = Math.min(Math.max(initialStep, 0), last);
  const [index, setIndex] = React.useState(start);
  // Each time the tour opens it starts over (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = React.useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setIndex(start);
  }
  const nextRef = React.useRef<HTMLButtonElement>(null);
  const checkboxId = React.useId();

  const step = steps[index];
  useHighlight(step?.target, open);
  if (!step) return null;

  const close = () => {
    finishTour();
    onClose();
  };
  const isLast = index === last;
  const goPrev = () => {
    setIndex((i) => Math.max(i - 1, 0));
    if (index - 1 <= 0) nextRef.current?.focus(); // Prev turns disabled on the first step
  };
  const goNext = () => (isLast ? close() : setIndex((i) => Math.min(i + 1, last)));
  const position = { current: index + 1, total: steps.length };

  return (
    <DialogPrimitive.Root modal={false} open={open} onOpenChange={(next) => !next && close()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          data-slot="guided-tour"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            nextRef.current?.focus();
          }}
          onInteractOutside={(event) => event.preventDefault()}
          className={cn(
            "fixed right-4 bottom-4 z-50 grid w-[calc(100%-2rem)] max-w-sm gap-3 rounded-lg border bg-background p-4 text-foreground shadow-lg outline-none",
            className,
          )}
        >
          <div className="flex items-start gap-3 pr-6">
            <DialogPrimitive.Title className="flex-1 text-base leading-snug font-semibold">{step.title}</DialogPrimitive.Title>
            <span
              data-slot="guided-tour-counter"
              className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium tabular-nums text-muted-foreground"
            >
              <span aria-hidden="true">{t("tour.counter", position)}</span>
              <span className="sr-only">{t("tour.counterLabel", position)}</span>
            </span>
          </div>
          <DialogPrimitive.Description className="text-sm text-muted-foreground">{step.body}</DialogPrimitive.Description>
          <div className="flex items-center gap-2">
            <Checkbox id={checkboxId} checked={donotShow} onCheckedChange={(checked) => setDoNotShow(checked === true)} />
            <label htmlFor={checkboxId} className="cursor-pointer text-sm">
              {t("tour.doNotShow")}
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" onClick={goPrev} disabled={index === 0}>
              {t("tour.prev")}
            </Button>
            <Button ref={nextRef} size="sm" onClick={goNext}>
              {isLast ? t("tour.done") : t("tour.next")}
            </Button>
          </div>
          <DialogPrimitive.Close
            aria-label={t("tour.close")}
            className="absolute top-3 right-3 cursor-pointer rounded-sm p-0.5 opacity-70 outline-none transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4"
          >
            <XIcon aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
