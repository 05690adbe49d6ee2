import { KeyboardIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ExternalLink } from "@/components/ui/external-link";
import { WALLET_SUGGESTIONS, type ConnectableWallet, type ConnectFamily } from "./connectable-wallets";
import { ServerMessage } from "../server-message";

export interface WalletsStepProps {
  /** The chain's family when a wallet can be connected for it; null for manual entry only. */
  family: ConnectFamily | null;
  wallets: ConnectableWallet[];
  onChoose: (wallet: ConnectableWallet) => void;
  /** Absent in deployer mode: deploying needs a connected wallet. */
  onManual?: () => void;
  /** The last connection attempt's failure, or a server message (HTML) to show above the list. */
  error?: string | null;
}

const rowClass =
  "flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-md border bg-background px-3 py-2 text-left text-sm font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50";

/**
 * Step two (SPEC §2): the wallets installed in this browser for the chain's family (EIP-6963 for
 * EVM, the Wallet Standard for Solana) by name and icon; a well-known wallet to install when
 * there is none (its site opens in a new tab, SPEC §4); and "Enter address manually".
 */
export function WalletsStep({ family, wallets, onChoose, onManual, error }: WalletsStepProps) {
  const { t } = useTranslation("settings");
  const suggestions = family && wallets.length === 0 ? WALLET_SUGGESTIONS.filter((s) => s.family === family) : [];
  return (
    <div className="grid gap-3">
      {error ? <ServerMessage message={error} /> : null}
      {family && wallets.length > 0 ? (
        <ul aria-label={t("walletDialog.walletsLabel")} className="grid gap-2">
          {wallets.map((wallet) => (
            <li key={wallet.id}>
              <button type="button" className={rowClass} onClick={() => onChoose(wallet)}>
                <img src={wallet.icon} alt="" width={24} height={24} className="size-6 shrink-0 rounded" />
                <span className="min-w-0 flex-1 truncate">{wallet.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {family && wallets.length === 0 ? (
        <div className="grid gap-2 rounded-md border border-dashed p-3 text-sm">
          <p className="text-muted-foreground">{t("walletDialog.noWallets", { family: t(`walletDialog.families.${family}`) })}</p>
          {suggestions.map((s) => (
            <ExternalLink key={s.name} href={s.url} className="w-fit">
              {t("walletDialog.install", { wallet: s.name })}
            </ExternalLink>
          ))}
        </div>
      ) : null}
      {onManual ? (
        <Button type="button" variant="ghost" className="justify-start" onClick={onManual}>
          <KeyboardIcon aria-hidden="true" />
          {t("walletDialog.manual")}
        </Button>
      ) : null}
    </div>
  );
}
