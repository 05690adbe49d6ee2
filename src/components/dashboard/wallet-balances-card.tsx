import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ATTACH_WALLET_HREF } from "@/lib/attach-wallet";
import type { WalletBalancesDto } from "@/lib/dashboard";
import { formatBilling, formatTokenAmount } from "./format";
import type { Remote } from "./use-dashboard";

const TOKENS = ["SOL", "USDT", "USDC"] as const;
const ZERO: WalletBalancesDto = { tokenBalances: { SOL: "0", USDT: "0", USDC: "0" }, totalUSD: "0.00" };

/**
 * SPEC §2: SOL, USDT and USDC of the Solana receiving wallet, each with its icon, and their total
 * in the billing currency; a spinner until the balances arrive. Balances read as zero on any
 * error (SPEC §7), so a failed read shows zeros rather than an error. A merchant known to have no
 * Solana receiving wallet (`hasWallet` false) has no balances to show: the card asks to attach
 * one instead of showing zeros (issue 28).
 */
export function WalletBalancesCard({
  state,
  exchangeRate,
  billingCurrency,
  hasWallet,
}: {
  state: Remote<WalletBalancesDto>;
  exchangeRate: string;
  billingCurrency: string;
  /** Whether a Solana receiving wallet is attached; undefined while the wallets load. */
  hasWallet?: boolean;
}) {
  const { t, i18n } = useTranslation("common");
  const balances = state.status === "ready" ? state.data : state.status === "error" ? ZERO : undefined;
  return (
    <Card data-testid="wallet-balances" className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("dashboard.balances.title")}</h2>
        </CardTitle>
        <CardDescription>{t("dashboard.balances.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {hasWallet === false ? (
          <div className="flex min-h-36 flex-col items-start justify-center gap-3">
            <p className="text-sm text-muted-foreground">{t("dashboard.balances.noWallet")}</p>
            <a href={ATTACH_WALLET_HREF} className={buttonVariants({ size: "sm" })}>
              {t("dashboard.balances.attach")}
            </a>
          </div>
        ) : balances ? (
          <div className="flex min-h-36 flex-col gap-3">
            <ul className="flex flex-col gap-2">
              {TOKENS.map((symbol) => (
                <li key={symbol} className="flex items-center gap-3">
                  <img src={`/assets/tokens/${symbol.toLowerCase()}.svg`} alt="" width={24} height={24} className="size-6" />
                  <span className="flex-1 font-medium">{symbol}</span>
                  <span data-testid={`balance-${symbol}`} className="tabular-nums">
                    {formatTokenAmount(balances.tokenBalances[symbol], i18n.language)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="flex items-center justify-between border-t pt-3 font-semibold">
              <span>{t("dashboard.balances.total")}</span>
              <span data-testid="balance-total" className="tabular-nums">
                {formatBilling(balances.totalUSD, exchangeRate, billingCurrency, i18n.language)}
              </span>
            </p>
          </div>
        ) : (
          <div className="flex h-36 items-center justify-center">
            <Spinner size="lg" label={t("dashboard.balances.loading")} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
