import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiClient } from "@/lib/api-client";
import { ApiRequestError } from "@/lib/api-client";
import type { BillDto, InvoiceDto } from "@/lib/invoice";
import { InvoiceFetchFailed } from "./invoice-fetch-failed";
import { InvoiceView } from "./invoice-view";

/** Which of the merchant's invoices to show: a v1 invoice or a zInvoice (bill), by `_id`. */
export type InvoiceRef = { kind: "invoice" | "bill"; id: string } | null;

/** Reads `?id=` (v1 invoice) or `?bill=` (zInvoice) from a location search. */
export function invoiceRefFromSearch(search: string): InvoiceRef {
  const params = new URLSearchParams(search);
  const bill = params.get("bill");
  if (bill) return { kind: "bill", id: bill };
  const id = params.get("id");
  return id ? { kind: "invoice", id } : null;
}

async function loadInvoice(api: ApiClient, ref: NonNullable<InvoiceRef>): Promise<InvoiceDto> {
  const id = encodeURIComponent(ref.id);
  if (ref.kind === "bill") return (await api.get<{ data: { info: BillDto } }>(`/bills/update/${id}`)).data.info.invoice;
  return (await api.get<{ data: { invoice: InvoiceDto } }>(`/v1/invoices/${id}`)).data.invoice;
}

type State = { phase: "loading" } | { phase: "ready"; invoice: InvoiceDto } | { phase: "failed" | "not-found" | "no-link" };

/**
 * The merchant's view of one of their invoices (`/invoices/view?id=` or `?bill=`): the same
 * document the payer sees (its h1 is the page's title: the shell draws none), without Make Payment, with Download PDF and Print. A failed read says
 * SPEC §8 'Cannot get Invoice. Network request failed.' and offers a retry.
 */
export function InvoiceScreen({ api, invoiceRef, now = new Date() }: { api: ApiClient; invoiceRef: InvoiceRef; now?: Date }) {
  const { t } = useTranslation("invoices", { keyPrefix: "document" });
  const [state, setState] = useState<State>(invoiceRef ? { phase: "loading" } : { phase: "no-link" });
  const [attempt, setAttempt] = useState(0);
  const kind = invoiceRef?.kind;
  const id = invoiceRef?.id;
  useEffect(() => {
    if (!kind || !id) return;
    let live = true;
    loadInvoice(api, { kind, id }).then(
      (invoice) => live && setState({ phase: "ready", invoice }),
      (err: unknown) => live && setState({ phase: err instanceof ApiRequestError && err.status === 404 ? "not-found" : "failed" }),
    );
    return () => {
      live = false;
    };
  }, [api, kind, id, attempt]);
  const retry = () => {
    setState({ phase: "loading" });
    setAttempt((n) => n + 1);
  };

  if (state.phase === "loading") {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4 rounded-xl border p-4 sm:p-8" aria-busy="true" aria-label={t("loading")} role="status">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (state.phase === "ready") return <InvoiceView invoice={state.invoice} mode="merchant" now={now} onPrint={() => window.print()} />;
  return <InvoiceFetchFailed reason={state.phase} onRetry={state.phase === "failed" ? retry : undefined} />;
}
