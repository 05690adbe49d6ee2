import { TriangleAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "@/lib/api-client";
import { ATTACH_WALLET_HREF } from "@/lib/attach-wallet";
import { hasReceivingWallet } from "@/lib/receiving-wallets";
import { cn } from "@/lib/utils";
import { useReceivingWallets } from "./use-receiving-wallets";

const actionClassName = "font-medium underline underline-offset-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * SPEC §2: the warning a merchant without a receiving wallet sees, with the way to attach one: a
 * link to the deposits page with the wallet dialog open, or (on that page) a button opening it.
 */
export function NoWalletWarning({
  href = ATTACH_WALLET_HREF,
  onAction,
  forLinks = false,
  className,
}: {
  href?: string;
  onAction?: () => void;
  /** On a page of payment links (zLink, zRequest…): says those links cannot be paid yet (issue 28). */
  forLinks?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("settings");
  return (
    <div
      role="status"
      data-slot="no-wallet-warning"
      className={cn(
        "flex flex-col gap-2 rounded-md border border-warning-foreground/20 bg-warning px-4 py-3 text-sm text-warning-foreground sm:flex-row sm:items-center",
        className,
      )}
    >
      <TriangleAlertIcon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
      <p className="flex-1">{t(forLinks ? "noWallet.links" : "noWallet.message")}</p>
      {onAction ? (
        <button type="button" onClick={onAction} className={cn(actionClassName, "w-fit cursor-pointer text-left")}>
          {t("noWallet.action")}
        </button>
      ) : (
        <a href={href} className={actionClassName}>
          {t("noWallet.action")}
        </a>
      )}
    </div>
  );
}

/** Shows `NoWalletWarning` once the merchant's wallets are known to hold none at all (any attached wallet hides it). */
export function ReceivingWalletWarning({ api, forLinks, className }: { api: ApiClient; forLinks?: boolean; className?: string }) {
  const { state } = useReceivingWallets(api);
  if (state.status !== "ready" || hasReceivingWallet(state.networks)) return null;
  return <NoWalletWarning forLinks={forLinks} className={className} />;
}
