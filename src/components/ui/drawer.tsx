import * as React from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { MenuIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { Button } from "./button";
import { dialogOverlayClassName } from "./dialog";

/** SPEC §2/§9: the side navigation is 249 px wide. */
export const DRAWER_WIDTH = 249;

export type DrawerMode = "permanent" | "temporary";

type DrawerProps = Omit<React.ComponentProps<"aside">, "title"> & {
  /** Width in px of both the static aside and the sliding panel. */
  width?: number;
  /**
   * Omit for the responsive behaviour (permanent from `md`, temporary below); set it to show one
   * mode regardless of the viewport (stories, or a page that never shows the aside).
   */
  forceMode?: DrawerMode;
  /** Accessible name of the navigation landmark and of the panel; defaults to 'Navigation'. */
  label?: string;
  /** Controlled open state of the temporary panel, e.g. to close it after a link is followed. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Classes for the menu button that opens the temporary panel. */
  menuButtonClassName?: string;
};

/**
 * Side navigation container: a static aside on medium screens and up, a panel over the page below
 * `md` (opened by a labelled menu button; Escape, the overlay or its close button shut it).
 */
export function Drawer({
  width = DRAWER_WIDTH,
  forceMode,
  label,
  open,
  defaultOpen,
  onOpenChange,
  menuButtonClassName,
  className,
  style,
  children,
  ...props
}: DrawerProps) {
  const { t } = useTranslation("ui");
  const name = label ?? t("overlays.navigation");
  const responsive = forceMode === undefined;
  const panelStyle = { width, maxWidth: "calc(100vw - 3rem)", ...style };

  return (
    <>
      {forceMode !== "temporary" && (
        <aside
          data-slot="drawer"
          data-mode="permanent"
          className={cn("shrink-0 overflow-y-auto border-r bg-background p-3", responsive ? "hidden md:block" : "block", className)}
          style={{ width, ...style }}
          {...props}
        >
          <nav aria-label={name} className="flex flex-col gap-1">
            {children}
          </nav>
        </aside>
      )}
      {forceMode !== "permanent" && (
        <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
          <DialogPrimitive.Trigger asChild>
            <Button
              variant="ghost"
              size="icon"
              data-slot="drawer-trigger"
              aria-label={t("overlays.openMenu")}
              className={cn(responsive && "md:hidden", menuButtonClassName)}
            >
              <MenuIcon aria-hidden="true" />
            </Button>
          </DialogPrimitive.Trigger>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay data-slot="drawer-overlay" className={cn(dialogOverlayClassName, responsive && "md:hidden")} />
            <DialogPrimitive.Content
              data-slot="drawer"
              data-mode="temporary"
              aria-describedby={undefined}
              className={cn(
                "fixed inset-y-0 left-0 z-50 overflow-y-auto border-r bg-background p-3 pt-12 shadow-lg outline-none",
                responsive && "md:hidden",
                className,
              )}
              style={panelStyle}
            >
              <DialogPrimitive.Title className="sr-only">{name}</DialogPrimitive.Title>
              <nav aria-label={name} className="flex flex-col gap-1">
                {children}
              </nav>
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" size="icon" className="absolute top-2 right-2" aria-label={t("overlays.close")}>
                  <XIcon aria-hidden="true" />
                </Button>
              </DialogPrimitive.Close>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>
      )}
    </>
  );
}
