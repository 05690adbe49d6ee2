import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { StatusChip } from "@/components/ui/status-chip";
import type { ChainReceivingStatus, ReceivingWalletDto } from "@/lib/receiving-wallets";

/**
 * One attached wallet on the deposits page: the address (a Solana one as its first and last 11
 * characters, SPEC §9; copyable), the networks it receives on, how it was attached, its status.
 */
export function ReceivingWalletFacts({ wallet, offered }: { wallet: ReceivingWalletDto; offered: ChainReceivingStatus[] }) {
  const { t } = useTranslation("settings");
  const networks = offered.filter((c) => wallet.chains.includes(c.chain)).map((c) => c.chainName);
  const type = t(`deposits.types.${wallet.type}`);
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6 sm:gap-y-3">
      <dt className="text-muted-foreground">{t("deposits.address")}</dt>
      <dd className="min-w-0">
        <AddressDisplay address={wallet.address} chars={wallet.family === "solana" ? 11 : 6} copyable />
      </dd>
      <dt className="text-muted-foreground">{t("deposits.receivesOn")}</dt>
      <dd>{networks.length > 0 ? networks.join(", ") : wallet.chainName}</dd>
      <dt className="text-muted-foreground">{t("deposits.type")}</dt>
      <dd>{wallet.proven && wallet.walletName ? t("deposits.typeProven", { type, wallet: wallet.walletName }) : type}</dd>
      <dt className="text-muted-foreground">{t("deposits.status")}</dt>
      <dd>
        <StatusChip color={wallet.valid ? "primary" : "error"}>{wallet.valid ? t("deposits.valid") : t("deposits.invalid")}</StatusChip>
      </dd>
    </dl>
  );
}
