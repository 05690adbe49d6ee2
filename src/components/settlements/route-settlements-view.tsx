import * as React from "react";
import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, fieldClassName } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ServerMessage } from "@/components/wallet/server-message";
import { formatBaseUnits, parseBaseUnits } from "@/lib/money";
import type { RunSettlementRequest, SettlementDto, UnsettledDto } from "@/lib/settlements";
import { EarlierRoutes } from "./earlier-routes";

export interface RouteSettlementsViewProps {
  /** `route` null: the merchant has no current route, only earlier ones (a replaced wallet's). */
  unsettled: UnsettledDto;
  history: SettlementDto[];
  /** A call is being built, signed or mined: every action waits. */
  busy: boolean;
  /** Why the last action failed (server refusal, wallet refusal, or the chain's). */
  error: string | null;
  onRun: (request: RunSettlementRequest) => void;
}

/**
 * A non-custodial merchant's route contract (SPEC §4 contract calls): what it holds, a settle form
 * (to the settlement address or a whitelisted one), whitelist and settlement-address changes, and
 * the settlements made so far, and what the routes of replaced wallets still hold. Every action
 * is a transaction the merchant's own wallet sends (for an earlier route: the replaced wallet).
 */
export function RouteSettlementsView({ unsettled, history, busy, error, onRun }: RouteSettlementsViewProps) {
  const { t } = useTranslation("settings");
  const [token, setToken] = React.useState(unsettled.balances[0]?.symbol ?? "");
  const [to, setTo] = React.useState(unsettled.settlementAddress ?? "");
  const [amount, setAmount] = React.useState("");
  const [amountError, setAmountError] = React.useState<string | null>(null);
  const [address, setAddress] = React.useState("");
  const chosen = unsettled.balances.find((b) => b.symbol === token);

  const settle = (event: React.FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    let units: bigint;
    try {
      units = parseBaseUnits(amount, chosen.decimals);
    } catch {
      units = 0n;
    }
    if (units <= 0n) return setAmountError(t("settlements.amountInvalid"));
    setAmountError(null);
    onRun({ action: "settle", token: chosen.symbol, to: to.trim(), amount: units.toString() });
  };
  const addressAction = (action: "addWhitelist" | "removeWhitelist" | "updateSettlementAddress") => onRun({ action, address: address.trim() });

  return (
    <Card data-slot="route-settlements" aria-busy={busy}>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("settlements.title")}</h2>
        </CardTitle>
        <CardDescription>{t("settlements.intro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {unsettled.route ? (
          <>
            <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              <dt className="text-muted-foreground">{t("settlements.route")}</dt>
              <dd>
                <AddressDisplay address={unsettled.route} chars={6} copyable />
              </dd>
              <dt className="text-muted-foreground">{t("settlements.settlementAddress")}</dt>
              <dd>{unsettled.settlementAddress ? <AddressDisplay address={unsettled.settlementAddress} chars={6} copyable /> : "—"}</dd>
            </dl>

            <section aria-labelledby="route-balances" className="grid gap-2">
              <h3 id="route-balances" className="font-medium">
                {t("settlements.unsettled")}
              </h3>
              <ul className="grid gap-1 text-sm">
                {unsettled.balances.map((b) => (
                  <li key={b.tokenAddress} className="flex justify-between gap-4 tabular-nums">
                    <span>{b.symbol}</span>
                    <span data-testid={`unsettled-${b.symbol}`}>{formatBaseUnits(BigInt(b.amount), b.decimals)}</span>
                  </li>
                ))}
              </ul>
            </section>

            <form onSubmit={settle} className="grid gap-3" aria-labelledby="route-settle" noValidate>
              <h3 id="route-settle" className="font-medium">
                {t("settlements.settleTitle")}
              </h3>
              <div className="grid gap-3 sm:grid-cols-[8rem_1fr_10rem]">
                <div className="grid gap-1">
                  <Label htmlFor="settle-token">{t("settlements.token")}</Label>
                  <select id="settle-token" className={`${fieldClassName} h-9`} value={token} onChange={(e) => setToken(e.target.value)}>
                    {unsettled.balances.map((b) => (
                      <option key={b.symbol} value={b.symbol}>
                        {b.symbol}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="grid gap-1">
                  <Label htmlFor="settle-to">{t("settlements.to")}</Label>
                  <Input id="settle-to" value={to} onChange={(e) => setTo(e.target.value)} spellCheck={false} autoComplete="off" className="font-mono" />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor="settle-amount">{t("settlements.amount")}</Label>
                  <Input
                    id="settle-amount"
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    aria-invalid={amountError !== null}
                    aria-describedby={amountError ? "settle-amount-error" : undefined}
                  />
                </div>
              </div>
              {amountError ? (
                <p id="settle-amount-error" className="text-sm text-destructive">
                  {amountError}
                </p>
              ) : null}
              <Button type="submit" className="justify-self-start" disabled={busy || !chosen}>
                {t("settlements.settle")}
              </Button>
            </form>

            <section aria-labelledby="route-addresses" className="grid gap-3">
              <h3 id="route-addresses" className="font-medium">
                {t("settlements.addressesTitle")}
              </h3>
              <p className="text-sm text-muted-foreground">{t("settlements.addressesIntro")}</p>
              <div className="grid gap-1">
                <Label htmlFor="route-address">{t("settlements.address")}</Label>
                <Input id="route-address" value={address} onChange={(e) => setAddress(e.target.value)} spellCheck={false} autoComplete="off" className="font-mono" />
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" disabled={busy || !address.trim()} onClick={() => addressAction("addWhitelist")}>
                  {t("settlements.addWhitelist")}
                </Button>
                <Button type="button" variant="outline" disabled={busy || !address.trim()} onClick={() => addressAction("removeWhitelist")}>
                  {t("settlements.removeWhitelist")}
                </Button>
                <Button type="button" variant="outline" disabled={busy || !address.trim()} onClick={() => addressAction("updateSettlementAddress")}>
                  {t("settlements.updateSettlementAddress")}
                </Button>
              </div>
            </section>
          </>
        ) : null}

        <EarlierRoutes routes={unsettled.earlierRoutes} busy={busy} onRun={onRun} />

        {busy ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t("settlements.confirmInWallet")}
          </p>
        ) : null}
        {error ? <ServerMessage message={error} /> : null}

        <section aria-labelledby="route-history" className="grid gap-2">
          <h3 id="route-history" className="font-medium">
            {t("settlements.historyTitle")}
          </h3>
          {history.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("settlements.noHistory")}</p>
          ) : (
            <ul className="grid gap-2 text-sm" data-testid="settlement-history">
              {history.map((s) => (
                <li key={`${s.hash}-${s.route}-${s.to}`} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 last:border-0">
                  <span className="tabular-nums">
                    {s.decimals === null ? s.amount : formatBaseUnits(BigInt(s.amount), s.decimals)} {s.symbol ?? ""}
                  </span>
                  <span className="flex items-center gap-1 text-muted-foreground">
                    {t("settlements.toAddress")} <AddressDisplay address={s.to} chars={6} />
                  </span>
                  {s.route !== unsettled.route ? <span className="text-xs text-muted-foreground">{t("settlements.fromEarlierRoute")}</span> : null}
                  {s.scanLink ? (
                    <a href={s.scanLink} target="_blank" rel="noreferrer" className="text-primary underline-offset-4 hover:underline">
                      {t("settlements.viewTx")}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
