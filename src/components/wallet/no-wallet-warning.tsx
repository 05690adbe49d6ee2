import { TriangleAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "@/lib/api-client";
import { receivingWallet } from "@/lib/receiving-wallets";
import { cn } from "@/lib/utils";
import { useReceivingWallets } from "./use-receiving-wallets";

/** SPEC §2: the warning a merchant without a receiving wallet sees, with the way to attach one. */
export function NoWalletWarning({ href = "/settings/deposits", className }: { href?: string; className?: string }) {
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
      <p className="flex-1">{t("noWallet.message")}</p>
      <a href={href} className="font-medium underline underline-offset-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {t("noWallet.action")}
      </a>
    </div>
  );
}

/** Shows `NoWalletWarning` once the merchant's wallets are known to hold none on the receiving chain. */
export function ReceivingWalletWarning({ api, className }: { api: ApiClient; className?: string }) {
  const { state } = useReceivingWallets(api);
  if (state.status !== "ready" || receivingWallet(state.networks)) return null;
  return <NoWalletWarning className={className} />;
}
