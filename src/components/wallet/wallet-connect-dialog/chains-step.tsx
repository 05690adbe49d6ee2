import * as React from "react";
import { SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StatusChip } from "@/components/ui/status-chip";
import { Input } from "@/components/ui/input";
import type { ChainReceivingStatus } from "@/lib/receiving-wallets";
import { CHAIN_SEARCH_ABOVE } from "@/lib/wallet-families";
import { ChainIcon } from "./chain-icon";

export interface ChainsStepProps {
  chains: ChainReceivingStatus[];
  onPick: (chainId: number) => void;
}

/**
 * Step one (SPEC §2): the networks offered to the merchant, with a search box when there are more
 * than five. A network whose family already has a wallet says so and cannot be picked again (its
 * address is changed from the deposits page instead).
 */
export function ChainsStep({ chains, onPick }: ChainsStepProps) {
  const { t } = useTranslation("settings");
  const [query, setQuery] = React.useState("");
  const searchable = chains.length > CHAIN_SEARCH_ABOVE;
  const needle = query.trim().toLowerCase();
  const shown = searchable && needle ? chains.filter((c) => c.chainName.toLowerCase().includes(needle)) : chains;
  const attachedFamilies = new Set(chains.filter((c) => c.address).map((c) => c.family));

  if (chains.length === 0) return <p className="text-sm text-muted-foreground">{t("walletDialog.noChains")}</p>;
  return (
    <div className="grid gap-3">
      {searchable ? (
        <div className="relative">
          <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label={t("walletDialog.search")}
            placeholder={t("walletDialog.search")}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="pl-9"
          />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p role="status" className="py-6 text-center text-sm text-muted-foreground">
          {t("walletDialog.noMatch", { query: query.trim() })}
        </p>
      ) : (
        <ul aria-label={t("walletDialog.chainsLabel")} className="grid gap-2">
          {shown.map((chain) => {
            const attached = attachedFamilies.has(chain.family);
            return (
              <li key={chain.chain}>
                <button
                  type="button"
                  disabled={attached}
                  onClick={() => onPick(chain.chain)}
                  className="flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-md border bg-background px-3 py-2 text-left text-sm font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:bg-muted/40 disabled:hover:bg-muted/40"
                >
                  <ChainIcon chainId={chain.chain} />
                  <span className="min-w-0 flex-1 truncate">{chain.chainName}</span>
                  {attached ? <StatusChip color="secondary">{t("walletDialog.attached")}</StatusChip> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
