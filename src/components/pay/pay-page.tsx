import { lazy, Suspense } from "react";
import { CircleAlertIcon, Loader2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { PayableProduct } from "@/lib/pay-api";
import { choiceReady, type PayerChoice } from "@/lib/pay-choice";
import type { PaymentStage, TransactionFlow } from "@/stores/payment";
import { brandStyle } from "./brand-theme";
import type { PayFlowState, PayNotice as Notice, PayOption } from "./pay-flow";
import { formatToken, formatTokenUnits } from "./pay-format";
import { PayHeader } from "./pay-header";
import { PayNotice } from "./pay-notice";
import { PaymentProgress } from "./payment-progress";
import { PaymentResult } from "./payment-result";
import { restOf, resultOf } from "./pay-result";
import { UnderpaidPanel } from "./underpaid-panel";
import { PayMethodChooser } from "./pay-method-chooser";
import { nativeSymbolOf, type PayFamily } from "./pay-option";
import { AlreadyPaid } from "./already-paid";
import { DonationChooser } from "./donation-chooser";
import { PaymentSummary, useAmountText, useMoney } from "./payment-summary";
import { SandboxFaucet } from "./sandbox-faucet";
import { SwapPanel } from "./swap-panel";
import { needsChainSwitch, WalletPanel, type PayWalletView } from "./wallet-panel";

/** The QR payment brings web3.js and the QR encoder: loaded only when a payer asks for it. */
const SolanaPayQrPanel = lazy(() => import("./qr/solana-pay-qr-panel"));

export interface PayPageProps {
  state: PayFlowState;
  stage: PaymentStage;
  flow: TransactionFlow;
  wallet: PayWalletView;
  showWalletApps?: boolean;
  onRetrySanction: () => void;
  onFaucet: () => void;
  onPay: () => void;
  /** Pay from a phone wallet with a Solana Pay QR code (nothing connected in this browser). */
  onPayWithQr?: () => void;
  /** A partly paid payment: send what is still due from the connected wallet. */
  onSendRest?: () => void;
  onTryAgain: () => void;
  onRedirect?: (url: string) => void;
  redirectMs?: number;
  /** The family whose wallet code runs (default Solana). */
  family?: PayFamily;
  /** The family being loaded after the payer picked it. */
  pendingFamily?: PayFamily | null;
  onPickFamily?: (family: PayFamily) => void;
  /** The payer picks another chain or token of the family; without it no chooser is shown. */
  onSelectOption?: (choice: { chainId?: number; token?: string }) => void;
  /** "Pay with another token" (Solana, issue 26); without it the choice is not offered. */
  onOpenSwap?: () => void;
  onPickSwap?: (mint: string) => void;
  onPaySwap?: () => void;
  onCloseSwap?: () => void;
  /** What the payer chose (a donation's amount and note, a cart's quantities). */
  choice?: PayerChoice;
  /** The payer changes that choice; without it the choices are not offered. */
  onChoose?: (patch: PayerChoice) => void;
}

/** The page frame: brand accent bar, centred phone-width column, merchant header, sandbox banner. */
export function Frame({ product, children }: { product?: PayableProduct; children: React.ReactNode }) {
  const { t } = useTranslation("pay");
  return (
    <div data-slot="pay-page" style={brandStyle(product?.merchant.brandColor)} className="min-h-dvh bg-muted/50">
      <div aria-hidden="true" className={product ? "h-1.5 w-full bg-primary" : "h-1.5 w-full bg-border"} />
      <main className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-5 sm:py-8">
        <PayHeader merchant={product?.merchant} />
        {product?.sandbox ? (
          <p role="note" className="rounded-lg border border-warning-foreground/20 bg-warning px-3 py-2 text-sm text-warning-foreground">
            <strong className="font-semibold">{t("sandbox.title")}</strong> · {t("sandbox.body")}
          </p>
        ) : null}
        {children}
        <footer className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <p className="text-xs text-muted-foreground">{t("poweredBy", { brand: t("common:brand") })}</p>
          <LanguageSwitcher />
        </footer>
      </main>
    </div>
  );
}

function NoticeMessage({ notice, product, option }: { notice: Notice; product: PayableProduct; option: PayOption }) {
  const { t, i18n } = useTranslation("pay");
  const lng = i18n.resolvedLanguage ?? "en";
  const token = option.token.symbol;
  const native = nativeSymbolOf(option.chainId);
  let text: string;
  if (notice.kind === "insufficient-token") {
    const units = (v: string) => formatTokenUnits(v, option.token.decimals, token, lng);
    text = `${t("notice.insufficientToken", { available: units(notice.available), needed: units(notice.needed) })} ${t(product.sandbox ? "notice.topUpSandbox" : "notice.topUpProduction", { token })}`;
  } else if (notice.kind === "insufficient-fee") {
    text = `${t("notice.insufficientFee", { native })} ${t(product.sandbox ? "notice.topUpSandbox" : "notice.topUpFeeProduction", { token, native })}`;
  } else if (notice.kind === "swap-failed") {
    text = t(`codes.${notice.code}`, { ns: "errors" });
  } else {
    text = t("notice.failed", { message: notice.message });
  }
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-card p-3 text-sm">
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <span>{text}</span>
    </p>
  );
}

function Ready({ product, option, ...props }: PayPageProps & { product: PayableProduct; option: PayOption }) {
  const { t, i18n } = useTranslation("pay");
  const lng = i18n.resolvedLanguage ?? "en";
  const { state, stage, flow, wallet } = props;
  const info = flow.transactionInfo;
  const amount = useAmountText(product, option, info, props.choice);
  const money = useMoney(product, option.token.symbol);
  const tokenAmount = info ? formatToken(info.amount, option.token.symbol, lng) : amount.usdc;

  if (stage === "result-screen") {
    const { status, hash, reason, progress } = resultOf(flow);
    const received = progress?.receivedAmount ? formatTokenUnits(progress.receivedAmount, info?.decimals ?? option.token.decimals, option.token.symbol, lng) : undefined;
    return (
      <PaymentResult
        status={status}
        merchant={product.merchant.displayName}
        amount={tokenAmount}
        received={received}
        amountMismatch={progress?.amountMismatch}
        hash={hash}
        explorerUrl={progress?.explorerUrl}
        reason={reason}
        callbackUrl={progress?.callbackUrl}
        onTryAgain={props.onTryAgain}
        onRedirect={props.onRedirect}
        redirectMs={props.redirectMs}
      />
    );
  }

  if (stage === "payment-screen") {
    // Partly paid (issue 28): what is due is asked for, from the wallet or with the rest's own QR code.
    const underpaid = info ? state.underpaid : undefined;
    const rest = info && underpaid ? restOf(info, underpaid) : undefined;
    const payInfo = state.qr ? (rest ?? info) : info;
    const payAmount = rest ? formatToken(rest.amount, option.token.symbol, lng) : tokenAmount;
    const switchNeeded = needsChainSwitch(wallet, option);
    const blocked = !wallet.address ? t("underpaid.needsWallet") : switchNeeded ? t("needsSwitch", { chain: option.chainName }) : state.sanction !== "passed" ? t("needsCheck") : null;
    return (
      <>
        <PaymentSummary product={product} option={option} info={info} choice={props.choice} />
        {underpaid && !underpaid.waiting ? (
          <UnderpaidPanel
            underpaid={underpaid}
            decimals={info?.decimals ?? option.token.decimals}
            symbol={option.token.symbol}
            qr={state.qr}
            canSend={Boolean(wallet.address) && state.sanction === "passed" && !switchNeeded && !state.starting}
            blocked={blocked}
            busy={state.starting}
            onSendRest={props.onSendRest}
          />
        ) : null}
        {state.notice ? <NoticeMessage notice={state.notice} product={product} option={option} /> : null}
        {state.qr && payInfo ? (
          <Suspense fallback={<Skeleton role="presentation" className="h-[38rem] w-full rounded-xl" />}>
            {/* A new code for the rest: keyed by its amount so the payer sees it change. */}
            <SolanaPayQrPanel key={payInfo.amountWei} info={payInfo} product={product} amount={payAmount} />
          </Suspense>
        ) : underpaid && !underpaid.waiting ? null : (
          <PaymentProgress state={flow.currentState} amount={payAmount} hash={flow.transactionResult?.hash} approval={state.approval} token={option.token.symbol} />
        )}
      </>
    );
  }

  if (product.paid) {
    return (
      <>
        <PaymentSummary product={product} option={option} />
        <AlreadyPaid />
      </>
    );
  }

  const switchNeeded = needsChainSwitch(wallet, option);
  const chosen = choiceReady(product, props.choice);
  const canPay = Boolean(wallet.address) && state.sanction === "passed" && !state.starting && !switchNeeded && chosen;
  const blocked = !chosen
    ? t(product.donation ? "needsAmount" : "needsItems")
    : !wallet.address
    ? t("needsWallet")
    : switchNeeded
      ? t("needsSwitch", { chain: option.chainName })
      : state.sanction === "checking" || state.sanction === "idle"
        ? t("needsCheck")
        : null;
  return (
    <>
      <PaymentSummary product={product} option={option} choice={props.choice} onChoose={state.starting ? undefined : props.onChoose} />
      {product.donation ? <DonationChooser donation={product.donation} money={money} choice={props.choice} onChoose={props.onChoose ?? (() => undefined)} /> : null}
      {props.onSelectOption ? (
        <PayMethodChooser
          product={product}
          family={props.family ?? "solana"}
          option={option}
          pendingFamily={props.pendingFamily}
          onPickFamily={props.onPickFamily}
          onSelectOption={props.onSelectOption}
          disabled={state.starting}
        />
      ) : null}
      <WalletPanel
        wallet={wallet}
        sanction={state.sanction}
        onRetrySanction={props.onRetrySanction}
        showWalletApps={props.showWalletApps}
        busy={state.starting}
        onPayWithQr={props.onPayWithQr}
        option={option}
        chainName={(id) => product.options.find((o) => o.chainId === id)?.chainName}
      />
      {product.sandbox && wallet.address && state.sanction === "passed" ? (
        <SandboxFaucet faucet={state.faucet} option={option} onRequest={props.onFaucet} disabled={state.starting} />
      ) : null}
      {state.notice ? <NoticeMessage notice={state.notice} product={product} option={option} /> : null}
      {state.swap ? (
        <SwapPanel
          swap={state.swap}
          token={option.token.symbol}
          amount={tokenAmount}
          canPay={Boolean(wallet.address) && state.sanction === "passed" && chosen}
          onPick={(mint) => props.onPickSwap?.(mint)}
          onPay={() => props.onPaySwap?.()}
          onClose={() => props.onCloseSwap?.()}
        />
      ) : (
        <div className="grid gap-2">
          <Button size="lg" className="h-12 w-full text-base" disabled={!canPay} aria-describedby={blocked ? "pay-blocked" : undefined} onClick={props.onPay}>
            {state.starting ? <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" /> : null}
            {state.starting ? t("starting") : t("payButton", { amount: product.useFiat ? amount.main : amount.usdc })}
          </Button>
          {blocked ? (
            <p id="pay-blocked" className="text-center text-xs text-muted-foreground">
              {blocked}
            </p>
          ) : null}
          {/* Solana only: any token the wallet holds, swapped for the amount due in the same transaction. */}
          {props.onOpenSwap && canPay && canSwap(props.family, wallet) ? (
            <Button variant="outline" className="h-11 w-full" onClick={props.onOpenSwap}>
              {t("swap.open")}
            </Button>
          ) : null}
        </div>
      )}
    </>
  );
}

/** "Pay with another token" is offered on Solana only (the swap route builds Solana transactions). */
function canSwap(family: PayFamily | undefined, wallet: PayWalletView): boolean {
  return (family ?? "solana") === "solana" && wallet.family !== "evm";
}

/** The page while the product (or the picked family's wallet code) loads. */
export function PayPageLoading() {
  const { t } = useTranslation("pay");
  return (
    <Frame>
      <div role="status" aria-label={t("loading")} aria-busy="true" className="grid gap-4">
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-12 w-full" />
      </div>
    </Frame>
  );
}

/** The hosted pay page (payments origin `/?p={id}`), drawn from plain state; `PayFlowView` feeds it. */
export function PayPage(props: PayPageProps) {
  const { t } = useTranslation("pay");
  const load = props.state.load;
  // Any id reads as "this link does not exist or is no longer available" (unknown or disabled).
  if (load.kind === "not-found") return <PayNotice paymentId="not-found" />;
  if (load.kind === "loading") return <PayPageLoading />;
  if (load.kind !== "ready") {
    return (
      <Frame>
        <Card role="alert" className="gap-3 px-5 py-5">
          <p className="font-semibold">{t(load.kind === "unsupported" ? "unsupported" : "loadFailed")}</p>
          {load.kind === "error" && load.message ? <p className="text-sm text-muted-foreground">{load.message}</p> : null}
          <Button variant="outline" className="w-fit" onClick={() => window.location.reload()}>
            {t("reload")}
          </Button>
        </Card>
      </Frame>
    );
  }
  return (
    <Frame product={load.product}>
      <Ready {...props} product={load.product} option={load.option} />
    </Frame>
  );
}
