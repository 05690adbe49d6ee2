import { I18nRoot } from "@/components/i18n/i18n-root";
import { ExplorerPage, type LoadRecordedTransaction } from "@/components/explorer/explorer-page";
import type { RecordedTransaction } from "@/lib/recorded-transaction";

/** Reads the payments origin's sandbox explorer API; 404 means "not recorded (yet)". */
const loadFromApi: LoadRecordedTransaction = async (chain, hash) => {
  const res = await fetch(`/api/sandbox/tx/${chain}/${encodeURIComponent(hash)}`, { headers: { accept: "application/json" } });
  if (res.status === 404) return undefined;
  const body = (await res.json().catch(() => ({}))) as { data?: RecordedTransaction; message?: string };
  if (!res.ok || !body.data) throw new Error(body.message ?? `HTTP ${res.status}`);
  return body.data;
};

/** Island for `/tx/{chain}/{hash}` on the payments origin. */
export default function ExplorerIsland({ pathname, load = loadFromApi }: { pathname?: string; load?: LoadRecordedTransaction }) {
  return (
    <I18nRoot>
      <ExplorerPage pathname={pathname ?? (typeof window === "undefined" ? "/" : window.location.pathname)} load={load} />
    </I18nRoot>
  );
}
