import { atom, type ReadableAtom } from "nanostores";
import { ApiRequestError } from "@/lib/api-client";
import type { PayableProduct } from "@/lib/pay-api";
import type { PaymentStores } from "@/stores/payment";
import type { ToastVariant } from "@/stores/toasts";
import type { PayApi } from "./pay-api-client";
import { initialPayPage, payPage, type PayEffect, type PayEvent, type PayFlowState, type PayPageState, type SendFailure } from "./pay-page-machine";
import type { PayFamily } from "./pay-option";
import { isSwapFailure, SwapFailedError, type SwapFailure } from "@/lib/swap-api";
import { InsufficientBalanceError, PaymentFailedOnChainError, type PaymentSender, type PaymentSwapper } from "./payment-sender";
import { escapeHtml, raiseWalletToasts, walletErrorToasts } from "./wallet-error-toasts";
import { isUserRejection } from "./wallet-rejection";

/** What the runner needs of the world: the payer API, the stores it projects to, toasts, timers. */
export interface PayPagePorts {
  productId: string;
  api: PayApi;
  stores: PaymentStores;
  notify: (toast: { message: string; variant: ToastVariant }) => void;
  /** Translates a key of the `pay` namespace (toasts are raised outside React). */
  translate: (key: string) => string;
  pollMs: number;
  product?: PayableProduct;
  family?: PayFamily;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** A wallet's or server's error as text ('' when it has none). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || (err.cause instanceof Error ? err.cause.message : "");
  return typeof err === "string" ? err : "";
}

/** The swap failure a quote's refusal names (the swapper's, or the server's code), for the page's own words. */
function swapCodeOf(err: unknown): { code?: SwapFailure } {
  if (err instanceof SwapFailedError) return { code: err.code };
  return err instanceof ApiRequestError && isSwapFailure(err.code) ? { code: err.code } : {};
}

/** The sender's error as the machine knows it. */
function sendFailure(err: unknown): SendFailure {
  if (err instanceof SwapFailedError) return { kind: "swap", code: err.code, message: err.message };
  if (err instanceof InsufficientBalanceError) return { kind: "insufficient", asset: err.asset, available: String(err.available), needed: String(err.needed) };
  if (!(err instanceof PaymentFailedOnChainError) && isUserRejection(err)) return { kind: "cancelled" };
  return { kind: err instanceof PaymentFailedOnChainError ? "on-chain" : "wallet", message: errorMessage(err) };
}

/**
 * Runs the pay page's machine (pay-page-machine.ts): feeds it events, writes what changed to the
 * stores (the persisted projection: stage, session, flow) and to `$state` (the rest the page
 * draws), and carries out its effects, each answer coming back as an event. `dispatch` resolves
 * once the effects it caused (and theirs) have answered — polling timers excepted.
 */
export function createPayPageRunner({ productId, api, stores, notify, translate, pollMs, product, family, setTimer = setTimeout, clearTimer = (t) => clearTimeout(t as never) }: PayPagePorts) {
  let state: PayPageState = initialPayPage({ productId, family, served: product, stage: stores.$stage.get(), session: stores.$session.get(), flow: stores.$flow.get() });
  const $state = atom<PayFlowState>(state.view);
  /** The wallet of the payment being sent (kept here: the machine holds plain data only). */
  let sender: PaymentSender | null = null;
  let offered: PaymentSender | null = null;
  /** The wallet that pays with another token (issue 26), as offered with the payer's last swap press. */
  let swapper: PaymentSwapper | null = null;
  let pollTimer: unknown;

  function project(next: PayPageState, prev: PayPageState) {
    if (next.stage !== prev.stage) stores.$stage.set(next.stage);
    if (next.session !== prev.session) stores.$session.set(next.session);
    if (next.flow !== prev.flow) stores.$flow.set(next.flow);
    if (next.view !== prev.view) $state.set(next.view);
  }

  function dispatch(event: PayEvent): Promise<void> {
    const prev = state;
    const { state: next, effects } = payPage(prev, event);
    state = next;
    project(next, prev);
    return Promise.all(effects.map(run)).then(() => undefined);
  }

  /** Answers with `event` (the effect's own work is done). */
  const answer = (event: PayEvent) => dispatch(event);

  function run(effect: PayEffect): Promise<void> | undefined {
    switch (effect.kind) {
      case "fetch-product":
        return api.getProduct(productId).then(
          (p) => answer({ type: "loaded", product: p }),
          (err) => answer({ type: "loadFailed", gone: err instanceof ApiRequestError && (err.status === 404 || err.status === 410), message: errorMessage(err) }),
        );
      case "fetch-resume-progress":
        return api.progress(effect.payment).then(
          (progress) => answer({ type: "reloaded", payment: effect.payment, progress }),
          () => answer({ type: "reloaded", payment: effect.payment }),
        );
      case "check-sanction": {
        const wallet = effect.request.wallet;
        return api.checkSanction(effect.request, effect.sessionId).then(
          ({ passed }) => answer({ type: "sanctionAnswered", key: effect.key, wallet, passed: passed === true }),
          () => answer({ type: "sanctionAnswered", key: effect.key, wallet, passed: null }),
        );
      }
      case "ask-faucet":
        return api.faucet(effect.request).then(
          (grant) => answer({ type: "faucetAnswered", grant }),
          (err) => answer({ type: "faucetFailed", message: errorMessage(err) }),
        );
      case "start-payment":
        // The wallet offered with the Pay press sends this payment (none for a QR payment).
        sender = effect.request.payer ? offered : null;
        return api.start(productId, effect.request).then(
          (info) => answer({ type: "started", info }),
          (err) => answer({ type: "refused", alreadyPaid: err instanceof ApiRequestError && err.code === "already_paid", message: errorMessage(err) }),
        );
      case "send": {
        // The rest of a partly paid payment goes from the wallet connected when it was asked for.
        if (effect.rest) sender = offered;
        const wallet = sender;
        if (!wallet) return answer({ type: "sendFailed", failure: { kind: "wallet", message: "" } });
        return wallet
          .send(
            effect.info,
            (hash) => void answer({ type: "sent", hash }),
            (step) => void answer({ type: step === "approving" ? "approving" : "approved" }),
          )
          .then(
            () => answer({ type: "sendDone" }),
            (err) => answer({ type: "sendFailed", failure: sendFailure(err) }),
          );
      }
      case "list-swap-assets": {
        const { wallet } = effect;
        if (!swapper) return answer({ type: "swapListFailed", wallet });
        return swapper.holdings(effect.chain, effect.exclude).then(
          (holdings) => answer({ type: "swapListed", wallet, holdings }),
          () => answer({ type: "swapListFailed", wallet }),
        );
      }
      case "ask-swap-quote":
        if (!swapper) return answer({ type: "swapQuoteFailed", message: "" });
        return swapper.quote(effect.info, effect.fromAsset).then(
          (quote) => answer({ type: "swapQuoted", answer: quote }),
          (err) => answer({ type: "swapQuoteFailed", message: errorMessage(err), ...swapCodeOf(err) }),
        );
      case "send-swap": {
        const wallet = swapper;
        if (!wallet) return answer({ type: "sendFailed", failure: { kind: "wallet", message: "" } });
        return wallet
          .send({
            info: effect.info,
            fromAsset: effect.fromAsset,
            answer: effect.answer,
            onSent: (hash) => void answer({ type: "sent", hash }),
            onRefreshing: () => void answer({ type: "swapRefreshing" }),
            onRefreshed: (fresh) => void answer({ type: "swapRefreshed", answer: fresh }),
          })
          .then(
            () => answer({ type: "sendDone" }),
            (err) => answer({ type: "sendFailed", failure: sendFailure(err) }),
          );
      }
      case "reset-wallet":
        sender?.reset?.();
        return undefined;
      case "poll": {
        const { payment, round } = effect;
        const tick = () => {
          pollTimer = undefined;
          api.progress(payment).then(
            (progress) => void answer({ type: "progress", round, progress }),
            () => void answer({ type: "progressFailed", round }),
          );
        };
        if (effect.wait) pollTimer = setTimer(tick, pollMs);
        else tick();
        return undefined; // polling goes on by itself: nobody waits for it
      }
      case "stop-polling":
        clearTimer(pollTimer);
        pollTimer = undefined;
        return undefined;
      case "toast-start-refused":
        notify({ message: escapeHtml(effect.message || translate("startFailed")), variant: "error" });
        return undefined;
      case "toast-wallet-failed":
        raiseWalletToasts(walletErrorToasts(effect.message, translate), notify);
        return undefined;
    }
  }

  return {
    $state: $state as ReadableAtom<PayFlowState>,
    dispatch,
    /** The Pay button: `wallet` sends the payment if the machine starts one. */
    pay(wallet: PaymentSender | null) {
      offered = wallet;
      return dispatch({ type: "payPressed", canSend: wallet !== null });
    },
    /** "Send the rest" of a partly paid payment: `wallet` sends what is still due, to the same payment. */
    sendRest(wallet: PaymentSender | null) {
      offered = wallet;
      return dispatch({ type: "restPressed", canSend: wallet !== null });
    },
    /** "Pay with another token": `wallet` lists what it holds of the swappable tokens. */
    openSwap(wallet: PaymentSwapper | null) {
      swapper = wallet;
      return dispatch({ type: "swapOpened" });
    },
    /** The payer picks a token of the list: a quote for it (the payment started first when needed). */
    pickSwap(wallet: PaymentSwapper | null, mint: string) {
      swapper = wallet;
      return dispatch({ type: "swapPicked", mint });
    },
    /** Pay the quote shown: `wallet` signs and sends it. */
    paySwap(wallet: PaymentSwapper | null) {
      swapper = wallet;
      return dispatch({ type: "swapPayPressed", canSend: wallet !== null });
    },
    /** The opened event, with what the stores hold now (after a reload: the persisted stage and session). */
    open() {
      return dispatch({ type: "opened", persisted: { stage: stores.$stage.get(), session: stores.$session.get(), flow: stores.$flow.get() } });
    },
    /** The machine's whole state (tests). */
    current: () => state,
  };
}

export type PayPageRunner = ReturnType<typeof createPayPageRunner>;
