import * as React from "react";
import { TriangleAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import type { ApiClient } from "@/lib/api-client";
import { formatBaseUnits } from "@/lib/money";
import type { UnsettledBalance, UnsettledDto } from "@/lib/settlements";

type CheckState = { status: "loading" } | { status: "failed" } | { status: "holding"; balances: UnsettledBalance[]; owner: string | null };

/**
 * Before a route merchant replaces its EVM wallet: reads what the current route still holds
 * (POST /v2/settlements/read-unsettled). Nothing: `onContinue` at once, no warning. Money left:
 * a warning naming each token's amount, which stays settleable from Settlements with the current
 * (soon old) wallet, and the merchant ticks that they understand before going on. The read
 * failed: said so, and the same tick lets them go on.
 */
export function RouteBalanceCheck({ api, onContinue }: { api: ApiClient; onContinue: () => void }) {
  const { t } = useTranslation("settings");
  const [state, setState] = React.useState<CheckState>({ status: "loading" });
  const [understood, setUnderstood] = React.useState(false);
  const nothingHeld = React.useEffectEvent(onContinue);

  React.useEffect(() => {
    let live = true;
    api
      .post<{ data: UnsettledDto }>("/v2/settlements/read-unsettled", {})
      .then(({ data }) => {
        if (!live) return;
        const balances = data.balances.filter((b) => BigInt(b.amount) > 0n);
        if (balances.length === 0) nothingHeld();
        else setState({ status: "holding", balances, owner: data.owner });
      })
      .catch(() => live && setState({ status: "failed" }));
    return () => {
      live = false;
    };
  }, [api]);

  if (state.status === "loading") {
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" label={t("routeCheck.checking")} />
        <span aria-hidden="true">{t("routeCheck.checking")}</span>
      </div>
    );
  }

  return (
    <div data-slot="route-balance-check" className="grid gap-4">
      <div role="alert" className="grid gap-2 rounded-md border border-warning-foreground/20 bg-warning px-4 py-3 text-sm text-warning-foreground">
        <p className="flex items-start gap-2 font-medium">
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {state.status === "holding" ? t("routeCheck.holdingTitle") : t("routeCheck.failedTitle")}
        </p>
        {state.status === "holding" ? (
          <ul aria-label={t("routeCheck.amounts")} className="grid gap-0.5 pl-6 font-medium tabular-nums">
            {state.balances.map((b) => (
              <li key={b.tokenAddress} data-testid={`route-holds-${b.symbol}`}>
                {formatBaseUnits(BigInt(b.amount), b.decimals)} {b.symbol}
              </li>
            ))}
          </ul>
        ) : null}
        <p>{state.status === "holding" ? t("routeCheck.holdingText") : t("routeCheck.failedText")}</p>
        {state.status === "holding" && state.owner ? (
          <p className="flex flex-wrap items-center gap-x-1">
            {t("routeCheck.ownerLabel")} <AddressDisplay address={state.owner} chars={6} />
          </p>
        ) : null}
      </div>
      <div className="flex items-start gap-2">
        <Checkbox id="route-check-understood" checked={understood} onCheckedChange={(v) => setUnderstood(v === true)} className="mt-0.5" />
        <Label htmlFor="route-check-understood" className="leading-snug font-normal">
          {t("routeCheck.understood")}
        </Label>
      </div>
      <Button className="justify-self-start" disabled={!understood} onClick={onContinue}>
        {t("routeCheck.continue")}
      </Button>
    </div>
  );
}
