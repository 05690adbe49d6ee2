import type * as React from "react";
import { ExternalLinkIcon } from "lucide-react";
import { cva, type VariantProps } from "class-variance-authority";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

export const externalLinkVariants = cva("", {
  variants: {
    variant: {
      /** Merchant screens: a primary-coloured link, underlined on hover. */
      primary: "inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline [&>svg]:size-4",
      /** The pay page: reads like the text around it, always underlined. */
      underlined: "inline-flex items-center gap-1 text-sm underline underline-offset-2 [&>svg]:size-3.5",
      /** No look of its own: inside `<Button asChild>`, which lends its own. */
      bare: "",
    },
  },
  defaultVariants: { variant: "primary" },
});

export type ExternalLinkProps = Omit<React.ComponentProps<"a">, "target" | "rel"> &
  VariantProps<typeof externalLinkVariants> & { href: string };

/**
 * A link that leaves zpay (explorer, merchant site, wallet download): opens in a new tab without
 * handing the new page a handle on this one, shows the external-link icon and tells screen-reader
 * users it opens a new tab. Icon-only links pass `aria-label` and no children.
 */
export function ExternalLink({ variant, className, children, ...props }: ExternalLinkProps) {
  const { t } = useTranslation("ui");
  return (
    <a data-slot="external-link" target="_blank" rel="noopener noreferrer" className={cn(externalLinkVariants({ variant }), className)} {...props}>
      {children}
      <ExternalLinkIcon aria-hidden="true" />
      {children ? <span className="sr-only">{t("primitives.opensInNewTab")}</span> : null}
    </a>
  );
}
