import * as React from "react";
import { Tooltip as TooltipPrimitive } from "radix-ui";
import { useTranslation } from "react-i18next";
import { shortenAddress } from "@/lib/address";
import { cn } from "@/lib/utils";
import { CopyButton } from "./copy-button";

type AddressDisplayProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** The full wallet address. */
  address: string;
  /** Characters kept at each end (SPEC §9: 4 in the top bar, 11 on the Solana address button). */
  chars?: number;
  /** Adds a copy button for the full address (touch screens have no hover tooltip). */
  copyable?: boolean;
  /** Passed to the copy button. */
  onCopied?: (value: string) => void;
  /** The copy button's accessible name when the value is not an address (e.g. a transaction hash). */
  copyLabel?: string;
};

/**
 * A wallet address shortened to its ends, with the full one in a tooltip on hover or focus and
 * for screen readers. Carries its own TooltipProvider so it works anywhere on its own.
 */
export function AddressDisplay({ address, chars = 4, copyable = false, onCopied, copyLabel, className, ...props }: AddressDisplayProps) {
  const { t } = useTranslation("ui");
  const short = shortenAddress(address, chars);
  return (
    <span data-slot="address-display" className={cn("inline-flex items-center gap-1 font-mono text-sm", className)} {...props}>
      {short === address ? (
        <span>{address}</span>
      ) : (
        <TooltipPrimitive.Provider delayDuration={300}>
          <TooltipPrimitive.Root>
            <TooltipPrimitive.Trigger asChild>
              <button
                type="button"
                data-slot="address-display-trigger"
                className="cursor-default rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span aria-hidden="true">{short}</span>
                <span className="sr-only">{address}</span>
              </button>
            </TooltipPrimitive.Trigger>
            <TooltipPrimitive.Portal>
              <TooltipPrimitive.Content
                data-slot="address-display-tooltip"
                side="bottom"
                sideOffset={4}
                collisionPadding={8}
                className="z-50 max-w-[min(24rem,calc(100vw-1rem))] rounded-md bg-foreground px-3 py-1.5 font-mono text-xs break-all text-background"
              >
                {address}
                <TooltipPrimitive.Arrow className="fill-foreground" />
              </TooltipPrimitive.Content>
            </TooltipPrimitive.Portal>
          </TooltipPrimitive.Root>
        </TooltipPrimitive.Provider>
      )}
      {copyable && <CopyButton value={address} label={copyLabel ?? t("primitives.copyAddress")} onCopied={onCopied} className="size-7" />}
    </span>
  );
}
