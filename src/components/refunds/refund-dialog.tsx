import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { ApiRequestError, type ApiClient } from "@/lib/api-client";
import { formatBaseUnits, parseBaseUnits } from "@/lib/money";
import { REFUND_MESSAGES, REFUND_PERCENT, amountForPercent, percentForAmount, type RefundBalanceDto, type RefundInstructionDto } from "@/lib/refund";
import { merchantApi } from "@/stores/merchant-api";
import { showToast } from "@/stores/toasts";
import { RefundDestination, RefundTo } from "./refund-destination";

/**
 * Signs and sends the transfer back with the merchant's wallet; answers its signature. `onSent`
 * hears the signature as soon as the wallet sent it (before it is mined): from then on a failure
 * must not cancel the refund, since money may already be on its way.
 */
export type RefundSender = (refund: RefundInstructionDto, api: ApiClient, onSent?: (signature: string) => void) => Promise<string>;

/** The browser wallet's sender for the refund's chain family, loaded only when a refund is sent (web3.js and viem stay out of the page until then). */
export const sendWithBrowserWallet: RefundSender = async (refund, api, onSent) => {
  const config = await api.get<{ data: { contractsMeta?: Record<string, { rpcUrl?: string; wsUrl?: string; name?: string }> } }>("/config").catch(() => undefined);
  const rpc = config?.data.contractsMeta?.[String(refund.chain)] ?? {};
  if (refund.chain >= 0) {
    const { sendEvmRefund } = await import("./evm/send-refund");
    return sendEvmRefund(refund, rpc, onSent);
  }
  const { sendSolanaRefund } = await import("./solana/send-refund");
  return sendSolanaRefund(refund, rpc);
};

/** The sender's error says its own transaction reverted: nothing left the wallet. */
const reverted = (err: unknown) => (err as { reverted?: unknown } | null)?.reverted === true;

export interface RefundDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The payment's `_id`, or an unmapped transfer's. */
  paymentId?: string;
  unmappedId?: string;
  api?: ApiClient;
  sendRefund?: RefundSender;
  /** How long to wait between asking the server whether the chain shows the refund yet. */
  pollMs?: number;
  /** Told once the refund is confirmed (the caller reloads its rows). */
  onRefunded?: () => void;
}

type Step =
  | { name: "checking" }
  | { name: "error"; message: string }
  | { name: "balance"; balance: RefundBalanceDto }
  | { name: "requested"; refund: RefundInstructionDto; phase: "signing" | "confirming" | "confirmed" };

const POLLS = 30;

/** A spinner that says what it waits for (its status region carries the text once). */
function Busy({ text }: { text: string }) {
  return (
    <div className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner size="sm" label={text} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}

function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && err.status !== 0 && err.message) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/**
 * SPEC §2 Refund dialog: checking balance → balance shown (or the error) → requested. Cancel and
 * close reset it. The partial toggle reveals a percentage slider (1–100, default 100) and an
 * amount field that follow each other. The wallet the money goes to is shown (and, when several
 * paid, chosen) before anything is signed, and the refund names it: the server sends no more to a
 * wallet than it sent. After the server accepts the refund ('Refund requested'),
 * the merchant's wallet signs the transfer back and the dialog waits for the chain to show it.
 */
export function RefundDialog({ open, onOpenChange, ...props }: RefundDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" data-testid="refund-dialog">
        {/* The body mounts on every opening, so Cancel and close reset it. */}
        <RefundBody {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RefundBody({
  paymentId,
  unmappedId,
  api = merchantApi,
  sendRefund = sendWithBrowserWallet,
  pollMs = 2000,
  onRefunded,
  onClose,
}: Omit<RefundDialogProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  const { t } = useTranslation("refunds");
  const [step, setStep] = useState<Step>({ name: "checking" });
  const [partial, setPartial] = useState(false);
  const [percent, setPercent] = useState<number>(REFUND_PERCENT.default);
  const [amountText, setAmountText] = useState("");
  const [busy, setBusy] = useState(false);
  /** The chosen destination (a sender's address); kept across a new check while that sender is still there. */
  const [to, setTo] = useState<string | undefined>(undefined);
  const toRef = useRef<string | undefined>(undefined);
  const run = useRef(0);
  const ids = { partial: useId(), percent: useId(), amount: useId(), amountError: useId() };
  const subject = paymentId ? { paymentId } : { unmappedId };

  /** Asks the server what can be refunded; answers arriving after a newer check or after closing are dropped. */
  const check = useCallback(() => {
    const mine = ++run.current;
    api.post<{ data: RefundBalanceDto }>("/v2/refunds/feasibility", paymentId ? { paymentId } : { unmappedId }).then(
      ({ data: balance }) => {
        if (run.current !== mine) return;
        const destination = balance.senders.find((s) => s.address === toRef.current) ?? balance.senders[0];
        toRef.current = destination?.address;
        setTo(destination?.address);
        setAmountText(formatBaseUnits(BigInt(destination?.available ?? balance.txAmount), balance.txAmountStr.info.decimals));
        setStep({ name: "balance", balance });
      },
      (err: unknown) => {
        if (run.current !== mine) return;
        const message = messageOf(err, t("failed"));
        setStep({ name: "error", message: message === REFUND_MESSAGES.notFound ? t("notFound") : message });
      },
    );
  }, [api, paymentId, unmappedId, t]);

  useEffect(() => {
    check();
    const runs = run;
    return () => {
      runs.current++;
    };
  }, [check]);

  const close = onClose;

  const shown = step.name === "balance" ? step.balance : null;
  const destination = shown?.senders.find((s) => s.address === to);
  const available = destination ? BigInt(destination.available) : shown ? BigInt(shown.txAmount) : 0n;
  const availableLabel = destination?.label ?? shown?.txAmountStr.label ?? "";
  const decimals = shown?.txAmountStr.info.decimals ?? 0;
  const token = shown?.txAmountStr.info.token ?? "";
  const parsed = (() => {
    if (step.name !== "balance") return undefined;
    if (!partial) return available;
    try {
      const value = parseBaseUnits(amountText.trim(), decimals);
      return value > 0n && value <= available ? value : undefined;
    } catch {
      return undefined;
    }
  })();

  const onPercent = (value: number) => {
    if (step.name !== "balance") return;
    setPercent(value);
    setAmountText(formatBaseUnits(amountForPercent(available, value), decimals));
  };
  const onAmount = (text: string) => {
    setAmountText(text);
    if (step.name !== "balance") return;
    try {
      const value = parseBaseUnits(text.trim(), decimals);
      if (value > 0n && value <= available) setPercent(percentForAmount(available, value));
    } catch {
      // the field says what is wrong; the slider keeps its place
    }
  };
  const onDestination = (address: string) => {
    const next = shown?.senders.find((s) => s.address === address);
    if (!next) return;
    toRef.current = address;
    setTo(address);
    setPercent(REFUND_PERCENT.default);
    setAmountText(formatBaseUnits(BigInt(next.available), decimals));
  };
  const onPartial = (on: boolean) => {
    setPartial(on);
    if (step.name === "balance") {
      setPercent(REFUND_PERCENT.default);
      setAmountText(formatBaseUnits(available, decimals));
    }
  };

  const refund = async () => {
    if (step.name !== "balance" || parsed === undefined) return;
    const mine = run.current;
    setBusy(true);
    let started: RefundInstructionDto;
    try {
      // The refund names the wallet the merchant saw: it goes nowhere else.
      const named = destination ? { ...subject, to: destination.address } : subject;
      const body = partial ? { ...named, refundAmount: parsed.toString() } : named;
      started = (await api.post<{ data: RefundInstructionDto }>("/v2/refunds/init", body)).data;
    } catch (err) {
      setBusy(false);
      const message = messageOf(err, t("failed"));
      showToast({ message: message === REFUND_MESSAGES.notFound ? t("notFound") : message, variant: "error" });
      return;
    }
    if (run.current !== mine) return;
    showToast({ message: t("requested"), variant: "success" });
    setStep({ name: "requested", refund: started, phase: "signing" });
    let signature: string;
    let heard: string | undefined;
    try {
      signature = await sendRefund(started, api, (s) => {
        heard = s;
      });
    } catch (err) {
      if (heard !== undefined && !reverted(err)) return confirm(started, heard, mine);
      // Nothing left the wallet: the amount becomes refundable again.
      await api.post(`/v2/refunds/${started.refundId}/cancel`).catch(() => {});
      showToast({ message: messageOf(err, t("failed")), variant: "error" });
      if (run.current === mine) {
        setStep({ name: "checking" });
        check();
      }
      setBusy(false);
      return;
    }
    return confirm(started, signature, mine);
  };

  /** Asks the server to find the sent refund on chain until it is confirmed (or the dialog closed). */
  const confirm = async (started: RefundInstructionDto, signature: string, mine: number) => {
    if (run.current !== mine) return;
    setStep({ name: "requested", refund: started, phase: "confirming" });
    for (let i = 0; i < POLLS && run.current === mine; i++) {
      const res = await api.post<{ data: { status: string } }>(`/v2/refunds/${started.refundId}/sent`, { signature }).catch(() => undefined);
      if (res?.data.status === "confirmed") {
        if (run.current === mine) setStep({ name: "requested", refund: started, phase: "confirmed" });
        onRefunded?.();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    setBusy(false);
  };

  const title = step.name === "error" ? step.message : t("title");
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{step.name === "error" ? t("errorDescription") : t("description")}</DialogDescription>
      </DialogHeader>
      {step.name === "checking" ? (
        <Busy text={t("checking")} />
      ) : null}
      {step.name === "balance" ? (
        <div className="grid gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t("refundable")}</dt>
            <dd className="text-right font-medium">{availableLabel}</dd>
            <dt className="text-muted-foreground">{t(step.balance.via === "route" ? "routeBalance" : "walletBalance")}</dt>
            <dd className="text-right font-medium">
              {step.balance.availBalanceStr === null ? t("balanceUnknown") : `${step.balance.availBalanceStr} ${token}`}
            </dd>
          </dl>
          {destination ? <RefundDestination senders={step.balance.senders} value={destination.address} onChange={onDestination} disabled={busy} /> : null}
          {step.balance.mayStillArrive ? (
            <p role="note" className="rounded-lg border border-warning-foreground/20 bg-warning px-3 py-2 text-sm text-warning-foreground">
              {t("mayStillArrive", { amount: step.balance.mayStillArrive.label })}
            </p>
          ) : null}
          {step.balance.availBalance !== null && parsed !== undefined && BigInt(step.balance.availBalance) < parsed ? (
            <p className="text-sm text-destructive">{t(step.balance.via === "route" ? "routeLowBalance" : "lowBalance")}</p>
          ) : null}
          <div className="flex items-center gap-3">
            <Switch id={ids.partial} checked={partial} onCheckedChange={onPartial} disabled={busy} />
            <Label htmlFor={ids.partial}>{t("partial")}</Label>
          </div>
          {partial ? (
            <div className="grid gap-3">
              <div className="grid gap-2">
                <div className="flex justify-between text-sm">
                  <span id={ids.percent}>{t("percent")}</span>
                  <span aria-hidden="true">{percent}%</span>
                </div>
                <Slider
                  min={REFUND_PERCENT.min}
                  max={REFUND_PERCENT.max}
                  step={1}
                  value={[percent]}
                  onValueChange={([v]) => onPercent(v ?? REFUND_PERCENT.default)}
                  thumbLabels={t("percent")}
                  disabled={busy}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.amount}>{t("amount", { token })}</Label>
                <Input
                  id={ids.amount}
                  inputMode="decimal"
                  value={amountText}
                  onChange={(e) => onAmount(e.target.value)}
                  aria-invalid={parsed === undefined}
                  aria-describedby={parsed === undefined ? ids.amountError : undefined}
                  disabled={busy}
                />
                {parsed === undefined ? (
                  <p id={ids.amountError} className="text-sm text-destructive">
                    {t("amountInvalid", { max: availableLabel })}
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      {step.name === "requested" ? (
        step.phase === "confirmed" ? (
          <p role="status" className="text-sm">
            {t("confirmed", { amount: `${formatBaseUnits(BigInt(step.refund.amount), step.refund.decimals)} ${step.refund.token}` })}
          </p>
        ) : (
          <div className="grid gap-3">
            <RefundTo address={step.refund.to} copyable={false} />
            <Busy text={step.phase === "signing" ? t("signing") : t("confirming")} />
          </div>
        )
      ) : null}
      <DialogFooter>
        {step.name === "balance" ? (
          <>
            <Button variant="outline" onClick={close} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button onClick={() => void refund()} disabled={busy || parsed === undefined || available === 0n}>
              {busy ? t("refunding") : t("refund")}
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={close}>
            {t("close")}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}
