import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { formatBaseUnits } from "@/lib/money";
import type { EarlierRouteDto, RunSettlementRequest } from "@/lib/settlements";

export interface EarlierRoutesProps {
  routes: EarlierRouteDto[];
  busy: boolean;
  onRun: (request: RunSettlementRequest) => void;
}

/**
 * Routes of EVM wallets the merchant replaced that still hold money: new payments no longer reach
 * them, and only the replaced wallet (their owner) can move what is left. Each balance settles
 * whole to that route's settlement address, which the route always allows. Renders nothing when
 * no earlier route holds anything.
 */
export function EarlierRoutes({ routes, busy, onRun }: EarlierRoutesProps) {
  const { t } = useTranslation("settings");
  const holding = routes.flatMap((r) => {
    const balances = r.balances.filter((b) => BigInt(b.amount) > 0n);
    return balances.length ? [{ ...r, balances }] : [];
  });
  if (!holding.length) return null;
  return (
    <section
      aria-labelledby="earlier-routes"
      className="grid gap-3"
      data-testid="earlier-routes"
    >
      <h3 id="earlier-routes" className="font-medium">
        {t("settlements.earlier.title")}
      </h3>
      <p className="text-sm text-muted-foreground">
        {t("settlements.earlier.intro")}
      </p>
      <ul className="grid gap-3">
        {holding.map((r) => (
          <li
            key={r.route}
            className="grid gap-2 rounded-md border p-3 text-sm"
          >
            <dl className="grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              <dt className="text-muted-foreground">
                {t("settlements.route")}
              </dt>
              <dd>
                <AddressDisplay address={r.route} chars={6} copyable />
              </dd>
              <dt className="text-muted-foreground">
                {t("settlements.earlier.owner")}
              </dt>
              <dd>
                <AddressDisplay address={r.owner} chars={6} copyable />
              </dd>
              <dt className="text-muted-foreground">
                {t("settlements.settlementAddress")}
              </dt>
              <dd>
                <AddressDisplay
                  address={r.settlementAddress}
                  chars={6}
                  copyable
                />
              </dd>
            </dl>
            <ul className="grid gap-2">
              {r.balances.map((b) => (
                <li
                  key={b.tokenAddress}
                  className="flex flex-wrap items-center justify-between gap-2 tabular-nums"
                >
                  <span data-testid={`earlier-${r.route}-${b.symbol}`}>
                    {formatBaseUnits(BigInt(b.amount), b.decimals)} {b.symbol}
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() =>
                      onRun({
                        action: "settle",
                        route: r.route,
                        token: b.symbol,
                        to: r.settlementAddress,
                        amount: b.amount,
                      })
                    }
                  >
                    {t("settlements.earlier.settleAll", { symbol: b.symbol })}
                  </Button>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
