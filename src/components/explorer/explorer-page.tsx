import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BrandBar } from "@/components/ui/brand-bar";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { chainById } from "@/lib/chains";
import type { RecordedTransaction } from "@/lib/recorded-transaction";
import { RecordedTransactionView } from "./recorded-transaction-view";

export type LoadRecordedTransaction = (chain: number, hash: string) => Promise<RecordedTransaction | undefined>;

/** `/tx/{chain}/{hash}` → its parts, or undefined for any other path. */
export function parseExplorerPath(pathname: string): { chain: number; hash: string } | undefined {
  const match = /^\/tx\/(-?\d+)\/([0-9A-Za-z]+)\/?$/.exec(pathname);
  return match ? { chain: Number(match[1]), hash: match[2]! } : undefined;
}

type State = { kind: "loading" } | { kind: "missing" } | { kind: "error"; message: string } | { kind: "found"; tx: RecordedTransaction };

/** The payments origin's built-in explorer for local sandbox networks. */
export function ExplorerPage({ pathname, load }: { pathname: string; load: LoadRecordedTransaction }) {
  const { t } = useTranslation("common");
  const target = parseExplorerPath(pathname);
  const [state, setState] = useState<State>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const chain = target?.chain;
  const hash = target?.hash;
  useEffect(() => {
    if (chain === undefined || hash === undefined) return;
    let current = true; // a slower earlier answer must not overwrite a retry's
    load(chain, hash).then(
      (tx) => current && setState(tx ? { kind: "found", tx } : { kind: "missing" }),
      (err: unknown) => current && setState({ kind: "error", message: err instanceof Error ? err.message : "" }),
    );
    return () => {
      current = false;
    };
  }, [load, chain, hash, attempt]);
  const retry = () => {
    setState({ kind: "loading" });
    setAttempt((n) => n + 1);
  };

  return (
    <main className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-8 sm:px-6">
      <BrandBar />
      <div>
        <h1 className="text-2xl font-semibold">{t("explorer.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("explorer.intro")}</p>
      </div>
      {!target ? (
        <p role="status" className="rounded-lg border bg-card p-4">
          {t("explorer.badLink")}
        </p>
      ) : state.kind === "loading" ? (
        <div role="status" className="grid gap-3" aria-busy="true" aria-label={t("explorer.loading")}>
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : state.kind === "found" ? (
        <RecordedTransactionView tx={state.tx} nativeDecimals={chainById(state.tx.chainId)?.nativeDecimals ?? 9} />
      ) : (
        <div role="status" className="grid gap-3 rounded-lg border bg-card p-4">
          <p>{state.kind === "missing" ? t("explorer.notFound") : state.message || t("fallback.error")}</p>
          <Button variant="outline" className="w-fit" onClick={retry}>
            {t("explorer.retry")}
          </Button>
        </div>
      )}
    </main>
  );
}
