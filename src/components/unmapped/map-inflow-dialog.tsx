import * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatAmount, formatDateTime } from "@/lib/transaction-details";
import type { OpenPaymentDto, UnmappedInflowDto } from "@/lib/unmapped";
import { shortenAddress } from "@/lib/address";
import { cn } from "@/lib/utils";
import { inflowAmount } from "./unmapped-table";

export interface MapInflowDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  inflow: UnmappedInflowDto;
  /** Loads the merchant's open payments this inflow may pay (same chain, token and wallet). */
  loadPayments: () => Promise<OpenPaymentDto[]>;
  /** Maps the inflow to the chosen payment; a rejection keeps the dialog open (the caller says why). */
  onMap: (paymentId: string) => Promise<void>;
  timeZone?: string;
}

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; payments: OpenPaymentDto[] };

/** Which unpaid state a payment is in (a key of `paymentState`): waiting, expired with nothing, or underpaid. */
function paymentState(p: OpenPaymentDto): "waiting" | "expired" | "underpaid" {
  if (p.recievedAmount) return "underpaid";
  return p.status === "failed" ? "expired" : "waiting";
}

/** Map dialog: pick one of the merchant's open payments for an unmapped inflow, with a clear empty state. */
export function MapInflowDialog({ open, onOpenChange, inflow, loadPayments, onMap, timeZone }: MapInflowDialogProps) {
  const { t, i18n } = useTranslation("unmapped");
  const [loaded, setLoaded] = React.useState<Loaded>({ state: "loading" });
  const [chosen, setChosen] = React.useState<string | null>(null);
  const [submitting, setSubmitting] = React.useState(false);

  React.useEffect(() => {
    let live = true;
    loadPayments().then(
      (payments) => live && setLoaded({ state: "ready", payments }),
      () => live && setLoaded({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [loadPayments]);

  const submit = async () => {
    if (!chosen) return;
    setSubmitting(true);
    try {
      await onMap(chosen);
    } catch {
      // The caller showed why; the merchant may pick again.
    } finally {
      setSubmitting(false);
    }
  };

  const amount = `${inflowAmount(inflow)} ${inflow.amount.currency}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t("mapDialog.title")}</DialogTitle>
          <DialogDescription>{t("mapDialog.description", { amount, sender: shortenAddress(inflow.sender, 4) })}</DialogDescription>
        </DialogHeader>
        {loaded.state === "loading" ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner aria-hidden="true" />
            {t("mapDialog.loading")}
          </p>
        ) : loaded.state === "failed" ? (
          <p role="alert" className="text-sm text-destructive">
            {t("mapDialog.loadFailed")}
          </p>
        ) : loaded.payments.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{t("mapDialog.empty", { token: inflow.amount.currency })}</p>
        ) : (
          <fieldset className="flex min-w-0 max-h-80 flex-col gap-2 overflow-y-auto">
            <legend className="mb-2 text-sm font-medium">{t("mapDialog.choose")}</legend>
            {loaded.payments.map((p) => (
              <label
                key={p._id}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                  chosen === p._id && "border-primary bg-primary/5",
                )}
              >
                <input type="radio" name="payment" value={p._id} checked={chosen === p._id} onChange={() => setChosen(p._id)} className="mt-1 accent-primary" />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium">
                    {t(`types.${p.type}`, { defaultValue: p.type })} · {formatAmount(p.requestedAmount)}
                  </span>
                  <span className="text-muted-foreground">
                    {t(`paymentState.${paymentState(p)}`, { received: p.recievedAmount ? formatAmount(p.recievedAmount) : "" })} · {t("mapDialog.started", { date: formatDateTime(p.lockedAt, i18n.language, timeZone) })}
                  </span>
                  <span className="truncate font-mono text-xs text-muted-foreground">{p._id}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("mapDialog.cancel")}
          </Button>
          <Button onClick={() => void submit()} disabled={!chosen || submitting}>
            {submitting ? <Spinner aria-hidden="true" /> : null}
            {t("mapDialog.submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
