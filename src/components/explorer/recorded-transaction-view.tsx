import { useTranslation } from "react-i18next";
import { AddressDisplay } from "@/components/ui/address-display";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { StatusChip } from "@/components/ui/status-chip";
import { formatBaseUnits } from "@/lib/money";
import type { RecordedTransaction } from "@/lib/recorded-transaction";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2 last:border-b-0 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm break-all">{children}</dd>
    </div>
  );
}

/** The built-in explorer's view of one recorded transaction (sandbox networks only). */
export function RecordedTransactionView({ tx, nativeDecimals }: { tx: RecordedTransaction; nativeDecimals: number }) {
  const { t } = useTranslation("common");
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            {t("explorer.summary")}
            <StatusChip color={tx.success ? "primary" : "error"}>{tx.success ? t("explorer.success") : t("explorer.failed")}</StatusChip>
            <StatusChip color="secondary">{tx.commitment}</StatusChip>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl>
            <Row label={t("explorer.hash")}>
              <span className="font-mono">{tx.hash}</span>
            </Row>
            <Row label={t("explorer.network")}>{tx.chain}</Row>
            <Row label={t("explorer.slotOrBlock")}>{tx.slotOrBlock}</Row>
            {tx.time ? <Row label={t("explorer.time")}>{new Date(tx.time).toLocaleString()}</Row> : null}
            {tx.feePayer ? (
              <Row label={t("explorer.feePayer")}>
                <AddressDisplay address={tx.feePayer} chars={8} />
              </Row>
            ) : null}
            <Row label={t("explorer.fee")}>{formatBaseUnits(BigInt(tx.fee), nativeDecimals)}</Row>
            {tx.error ? (
              <Row label={t("explorer.error")}>
                <span className="font-mono text-destructive">{tx.error}</span>
              </Row>
            ) : null}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("explorer.tokenMovements")}</CardTitle>
        </CardHeader>
        <CardContent>
          {tx.tokenMovements.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("explorer.noTokenMovements")}</p>
          ) : (
            <ul className="grid gap-2">
              {tx.tokenMovements.map((m, i) => (
                <li key={i} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-mono font-medium tabular-nums">{formatBaseUnits(BigInt(m.amount), m.decimals)}</span>
                  <span>{m.symbol ?? <AddressDisplay address={m.token} chars={4} />}</span>
                  {m.owner ? (
                    <span className="text-muted-foreground">
                      {t("explorer.owner")} <AddressDisplay address={m.owner} chars={6} />
                    </span>
                  ) : null}
                  {m.from && m.to ? (
                    <span className="text-muted-foreground">
                      <AddressDisplay address={m.from} chars={6} /> → <AddressDisplay address={m.to} chars={6} />
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("explorer.instructions")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid grid-cols-[minmax(0,1fr)] list-decimal gap-2 pl-5 text-sm">
            {tx.instructions.map((ix, i) => (
              <li key={i} className="break-all">
                <span className="font-medium">{ix.program}</span>
                {ix.type ? <span className="text-muted-foreground"> · {ix.type}</span> : null}
                {ix.detail ? <code className="mt-1 block rounded bg-muted p-2 font-mono text-xs">{ix.detail}</code> : null}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
      {tx.logs.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>{t("explorer.logs")}</CardTitle>
          </CardHeader>
          <CardContent>
            {/* Long log lines scroll sideways; the region takes focus so keyboards can scroll it too. */}
            <div
              role="region"
              aria-label={t("explorer.logs")}
              tabIndex={0}
              className="overflow-x-auto rounded bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <pre className="w-max p-3 font-mono text-xs leading-relaxed">{tx.logs.join("\n")}</pre>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
