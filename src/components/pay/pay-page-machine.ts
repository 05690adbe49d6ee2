/**
 * The pay page's state machine (docs/architecture.md "The pay page's state machine"): one pure
 * function decides what each event means for the page — what it shows, what the persisted
 * stores hold, and which effects (HTTP, wallet, timers, toasts) the runner must carry out. No
 * I/O, no clock, no store: `payPage(state, event) → { state, effects }`.
 *
 * Rules it keeps:
 * - One start at a time: the Pay and QR buttons start nothing while a start, a send or a screen
 *   other than the details is under way.
 * - A refused start goes back to the details with the server's message (a toast too), the
 *   spinner off; 'already paid' turns the page to already paid instead.
 * - A payer's cancel in the wallet (nothing sent) is no failure: the result says "cancelled" in the
 *   payer's words, no error toast, the wallet stays connected, and Try again starts over cleanly.
 * - A reload resumes the session's payment: sent (hash known), paid by a phone (QR) or already
 *   seen by the server → the payment screen, polling; never sent → back to the details.
 * - Polling runs only while the page is open, one round at a time; an answer of an older round
 *   (before a stop, a start-over) is ignored. It stops at validated or failed.
 * - A partly paid payment (the server credited less than asked, still open) shows what arrived,
 *   what is due and until when; "send the rest" sends exactly what is due to the same payment
 *   (same reference and memo), once per shortfall: until the server reports more, it waits, across
 *   a reload too (the session keeps the rest sent). A rest that fails to leave the wallet keeps the
 *   payment open, never forgets it.
 * - The sanction check runs once per transaction type and wallet (SPEC §4); an answer for a
 *   wallet no longer connected only fills the cache.
 * - Paying with another token (Solana, issue 26): the wallet's holdings of what the provider takes,
 *   then one payment started for the swap and quoted (picking another token or getting a fresh
 *   quote asks the same payment again), then the wallet signs the quote. A swap that fails (no
 *   route, quote expired, slippage on chain, not enough balance) says so in words and leaves the
 *   payer on the details, free to pay again; once it left the wallet it is followed like any payment.
 */

import type { PayableProduct, PaymentProgress, PaymentTransactionInfo } from "@/lib/pay-api";
import { choiceRequest } from "@/lib/pay-choice";
import type { SwapFailure } from "@/lib/swap-api";
import { flowInState, flowOfType, flowOnStage, initialTransactionFlow, sessionWithoutPayment, sessionWithPayment, type PaymentSession, type PaymentStage, type TransactionFlow } from "@/stores/payment";
import { chainsOfFamily, familyOfChain, payFamilies, pickPayOption, sameOption, type PayFamily, type PayOption } from "./pay-option";
import type { PayEffect, PayEvent, PayFlowState, PayLoad, PayPageState, PayTransition, SendFailure, UnderpaidView } from "./pay-page-state";
import { PAYER_CANCELLED, restOf, underpaidOf } from "./pay-result";

export type * from "./pay-page-state";

const FINAL: readonly PaymentProgress["status"][] = ["validated", "failed"];
const isFinal = (progress: PaymentProgress | undefined) => progress !== undefined && FINAL.includes(progress.status);

/** The page before it opens: the served product when there is one (no skeleton), else loading. */
export function initialPayPage({
  productId,
  family,
  served,
  stage,
  session,
  flow = initialTransactionFlow(),
}: {
  productId: string;
  family?: PayFamily;
  served?: PayableProduct;
  stage: PaymentStage;
  session: PaymentSession;
  flow?: TransactionFlow;
}): PayPageState {
  const option = served && pickPayOption(served, family ?? payFamilies(served)[0]);
  const load: PayLoad = served && option ? { kind: "ready", product: served, option } : { kind: "loading" };
  return {
    productId,
    family,
    served,
    view: { load, wallet: null, sanction: "idle", faucet: { status: "idle" }, notice: null, starting: false },
    stage,
    session,
    flow,
    sanctions: {},
    active: false,
    loadAsked: false,
    polling: null,
    rounds: 0,
    pending: null,
    choice: {},
  };
}

/** Decides what `event` means for the page. */
export function payPage(state: PayPageState, event: PayEvent): PayTransition {
  const step = new Step(state);
  HANDLERS[event.type](step, event as never);
  return { state: step.state, effects: step.effects };
}

/** The transition being built: the state so far and the effects asked for, in order. */
class Step {
  effects: PayEffect[] = [];
  constructor(public state: PayPageState) {}

  set(patch: Partial<PayPageState>) {
    this.state = { ...this.state, ...patch };
  }
  view(patch: Partial<PayFlowState>) {
    this.set({ view: { ...this.state.view, ...patch } });
  }
  flow(next: TransactionFlow) {
    if (next !== this.state.flow) this.set({ flow: next });
  }
  stage(stage: PaymentStage) {
    this.set({ stage, flow: flowOnStage(this.state.flow, stage) });
    // A result is final: no spinner stays up on it, whatever was under way (a rest still in the
    // wallet when the server says paid: the property test's counterexample).
    if (stage === "result-screen" && this.state.view.starting) this.view({ starting: false });
  }
  session(next: PaymentSession) {
    this.set({ session: next });
  }
  effect(effect: PayEffect) {
    this.effects.push(effect);
  }
  ready() {
    const load = this.state.view.load;
    return load.kind === "ready" ? load : undefined;
  }
}

type Handlers = { [T in PayEvent["type"]]: (step: Step, event: Extract<PayEvent, { type: T }>) => void };

const HANDLERS: Handlers = {
  opened(s, { persisted }) {
    s.set({ active: true, stage: persisted.stage, session: persisted.session, flow: persisted.flow });
    if (!s.state.loadAsked) {
      s.set({ loadAsked: true });
      if (s.state.served) loaded(s, s.state.served);
      else s.effect({ kind: "fetch-product" });
    }
    // Opened again (remounted) while a sent payment is still being settled: follow it again.
    const { session, flow, polling } = s.state;
    if (!polling && session.info && flow.currentState === "submitted" && !isFinal(flow.transactionResult?.progress)) poll(s, session.info.payment, false);
  },

  closed(s) {
    s.set({ active: false });
    stopPolling(s);
  },

  choiceChanged(s, { choice }) {
    const before = startKey(s.state);
    s.set({ choice });
    // A quote is for the amount it was asked for: another amount sends the payer back to the list.
    if (s.state.view.swap?.step === "quote" && startKey(s.state) !== before) backToList(s);
  },

  loaded(s, { product }) {
    loaded(s, product);
  },

  loadFailed(s, { gone, message }) {
    s.view({ load: gone ? { kind: "not-found" } : { kind: "error", message } });
  },

  reloaded(s, { payment, progress }) {
    const { session } = s.state;
    const info = session.info;
    if (s.state.pending?.kind !== "resume" || s.state.pending.payment !== payment || !info) return;
    s.set({ pending: null });
    const hash = session.hash ?? progress?.hash;
    const r = s.ready();
    const paidWith = r && optionOfPayment(r.product, info);
    if (r && paidWith && !sameOption(paidWith, r.option)) s.view({ load: { ...r, option: paidWith } });
    // A QR payment (started with no wallet) may be paid by the phone at any time: show its code again.
    const viaQr = session.payer === null;
    // Never forgotten once money came (partly paid): the rest is still due on this payment.
    if (!hash && !viaQr && (!progress || progress.status === "initiated") && !underpaidOf(progress)) {
      // The wallet never sent it (the reload closed its prompt): back to the details.
      s.session(sessionWithoutPayment(session));
      s.flow(initialTransactionFlow());
      s.stage("details-screen");
    } else {
      s.flow(flowOfType(s.state.flow, "pay"));
      s.flow(flowInState(s.state.flow, "submitted", { info, result: { hash: hash ?? undefined, payer: session.payer ?? undefined } }));
      if (viaQr) s.view({ qr: true });
      // A rest sent just before the reload: wait for it as the page did (showUnderpaid keeps
      // waiting until the server reports more than had arrived when it was sent).
      if (session.restSent) s.view({ underpaid: { ...session.restSent, waiting: true } });
      if (progress) applyProgress(s, progress);
      if (s.state.stage === "details-screen") s.stage("payment-screen");
      if (!isFinal(progress)) poll(s, info.payment, Boolean(progress));
    }
    checkSanction(s);
  },

  walletChanged(s, { address }) {
    if (s.state.view.wallet === address) return;
    s.view({ wallet: address, sanction: "idle", faucet: { status: "idle" }, notice: null });
    // Another wallet holds other tokens: its list is read again when asked (an answer under way is for the old one).
    if (!swapUnderWay(s.state)) s.view({ swap: undefined });
    if (address) checkSanction(s);
  },

  sanctionRetried(s) {
    const wallet = s.state.view.wallet;
    if (wallet) {
      const { [sanctionKey(s.state, wallet)]: _forgotten, ...rest } = s.state.sanctions;
      s.set({ sanctions: rest });
    }
    checkSanction(s);
  },

  sanctionAnswered(s, { key, wallet, passed }) {
    if (passed !== null) s.set({ sanctions: { ...s.state.sanctions, [key]: passed } });
    if (s.state.view.wallet === wallet) s.view({ sanction: passed === null ? "unavailable" : passed ? "passed" : "failed" });
  },

  optionPicked(s, preferred) {
    const r = s.ready();
    if (!r || s.state.view.starting || s.state.stage !== "details-screen") return;
    const family = familyOfChain(r.option.chainId);
    if (!family) return;
    const chain = chainsOfFamily(r.product, family).find((c) => c.chainId === (preferred.chainId ?? r.option.chainId));
    // Only this family's chains, and only a token the chain offers when a token is what changed.
    if (!chain || (preferred.token !== undefined && !chain.tokens.some((t) => t.symbol === preferred.token))) return;
    const option = pickPayOption(r.product, family, { chainId: chain.chainId, token: preferred.token ?? r.option.token.symbol });
    if (!option || sameOption(option, r.option)) return;
    // A test-coin grant was for the old token: it is forgotten; so is a swap into it.
    s.view({ load: { ...r, option }, faucet: { status: "idle" }, notice: null, swap: undefined });
  },

  faucetAsked(s) {
    const r = s.ready();
    const { wallet, faucet } = s.state.view;
    if (!r || !r.product.sandbox || !wallet || faucet.status === "sending") return;
    s.view({ faucet: { status: "sending" } });
    s.effect({ kind: "ask-faucet", request: { chain: r.option.chainId, address: wallet, token: r.option.token.symbol } });
  },

  faucetAnswered(s, { grant }) {
    const notice = s.state.view.notice;
    s.view({ faucet: { status: "granted", grant }, notice: notice?.kind.startsWith("insufficient") ? null : notice });
  },

  faucetFailed(s, { message }) {
    s.view({ faucet: { status: "failed", message } });
  },

  payPressed(s, { canSend }) {
    const { wallet, sanction } = s.state.view;
    if (!wallet || !canSend || sanction !== "passed") return;
    startPayment(s, wallet);
  },

  qrPressed(s) {
    startPayment(s, null);
  },

  restPressed(s, { canSend }) {
    const { wallet, sanction, underpaid, qr } = s.state.view;
    const info = s.state.session.info;
    // A QR payment shows the rest's code instead; nothing while something is under way or already sent.
    if (!wallet || !canSend || sanction !== "passed" || !underpaid || underpaid.waiting || qr || !info || s.state.pending || s.state.stage !== "payment-screen") return;
    const rest = restOf(info, underpaid);
    s.set({ pending: { kind: "send", info: rest, payer: wallet, rest: true } });
    s.view({ starting: true, notice: null, approval: undefined, underpaid: { ...underpaid, waiting: true } });
    s.flow(flowInState(s.state.flow, "processing"));
    s.effect({ kind: "send", info: rest, rest: true });
  },

  started(s, { info }) {
    const pending = s.state.pending;
    if (pending?.kind !== "start") return;
    if (pending.swap !== undefined && pending.payer) {
      // Started for a swap: nothing goes to the wallet before the payer saw the quote.
      s.set({ swapPayment: { info, payer: pending.payer, key: startKey(s.state) }, pending: { kind: "quote", info, payer: pending.payer, fromAsset: pending.swap } });
      s.effect({ kind: "ask-swap-quote", info, payer: pending.payer, fromAsset: pending.swap });
      return;
    }
    s.session(sessionWithPayment(s.state.session, s.state.productId, info, pending.payer));
    if (pending.payer === null) {
      s.set({ pending: null });
      s.flow(flowInState(s.state.flow, "submitted", { info }));
      s.view({ starting: false, qr: true });
      s.stage("payment-screen");
      poll(s, info.payment, true);
      return;
    }
    s.set({ pending: { kind: "send", info, payer: pending.payer } });
    s.flow(flowInState(s.state.flow, "processing", { info }));
    s.stage("payment-screen");
    s.effect({ kind: "send", info });
  },

  refused(s, { alreadyPaid, message }) {
    const pending = s.state.pending;
    if (pending?.kind !== "start") return;
    s.set({ pending: null });
    s.flow(flowInState(s.state.flow, "init"));
    const r = s.ready();
    // Paid meanwhile (another tab, another payer): the page says so and offers no payment any more.
    if (alreadyPaid && r) {
      s.view({ starting: false, notice: null, swap: undefined, load: { ...r, product: { ...r.product, paid: true } } });
      return;
    }
    s.effect({ kind: "toast-start-refused", message });
    s.view({ starting: false, notice: { kind: "error", message } });
    if (pending.swap !== undefined) backToList(s);
  },

  approving(s) {
    if (s.state.pending?.kind === "send") s.view({ approval: "needed" });
  },

  approved(s) {
    if (s.state.pending?.kind === "send") s.view({ approval: s.state.view.approval && "done" });
  },

  sent(s, { hash }) {
    const pending = s.state.pending;
    if (pending?.kind !== "send") return;
    s.set({ pending: { ...pending, hash } });
    // The rest left the wallet: the session remembers the shortfall it paid, so a reload before
    // the server credits it waits for it rather than offering it again.
    const underpaid = s.state.view.underpaid;
    const restSent = pending.rest && underpaid ? { restSent: { received: underpaid.received, due: underpaid.due } } : {};
    s.session({ ...s.state.session, hash, ...restSent });
    s.flow(flowInState(s.state.flow, "processed", { result: { hash, payer: pending.payer } }));
    // The swap left the wallet: from here it is followed as any payment.
    if (pending.swap) s.stage("payment-screen");
  },

  sendDone(s) {
    const pending = s.state.pending;
    if (pending?.kind !== "send") return;
    s.set({ pending: null });
    s.flow(flowInState(s.state.flow, "submitted"));
    s.view({ starting: false });
    // A swap processed (on the payment screen even if its hash never came): its quote is done with.
    if (pending.swap) {
      s.stage("payment-screen");
      s.view({ swap: undefined });
      s.set({ swapPayment: undefined });
    }
    poll(s, pending.info.payment, false);
  },

  sendFailed(s, { failure }) {
    const pending = s.state.pending;
    if (pending?.kind !== "send") return;
    s.set({ pending: null });
    s.view({ starting: false });
    if (pending.rest) {
      restFailed(s, failure, pending.hash);
      return;
    }
    if (pending.swap && (failure.kind === "swap" || (failure.kind === "cancelled" && !pending.hash))) {
      swapFailed(s, failure.kind === "swap" ? failure.code : undefined);
      return;
    }
    // Any other failure of a swap ends as a direct payment's would: its quote is done with.
    if (pending.swap) {
      s.view({ swap: undefined });
      s.set({ swapPayment: undefined });
    }
    if (failure.kind === "insufficient") {
      s.session(sessionWithoutPayment(s.state.session));
      s.flow(initialTransactionFlow());
      s.stage("details-screen");
      s.view({ notice: failure.asset === "token" ? { kind: "insufficient-token", available: failure.available, needed: failure.needed } : { kind: "insufficient-fee" } });
      return;
    }
    if (failure.kind === "cancelled" && !pending.hash) {
      // The payer said no: nothing left the wallet. No toast of the wallet's (English) words, no reset.
      s.session(sessionWithoutPayment(s.state.session));
      s.flow(flowInState(s.state.flow, "failed", { result: { error: PAYER_CANCELLED } }));
      s.stage("result-screen");
      return;
    }
    const message = failure.kind === "cancelled" ? "" : failure.message;
    if (!pending.hash || failure.kind === "on-chain") {
      s.effect({ kind: "toast-wallet-failed", message });
      s.effect({ kind: "reset-wallet" });
      s.flow(flowInState(s.state.flow, "failed", { result: { error: message } }));
      s.stage("result-screen");
      if (!pending.hash) s.session(sessionWithoutPayment(s.state.session));
      return;
    }
    // Sent, but the confirmation was lost (socket, timeout): the server has the last word.
    s.flow(flowInState(s.state.flow, "submitted"));
    poll(s, pending.info.payment, false);
  },

  progress(s, { round, progress }) {
    const polling = s.state.polling;
    if (!s.state.active || polling?.round !== round) return;
    applyProgress(s, progress);
    if (isFinal(progress)) s.set({ polling: null });
    else s.effect({ kind: "poll", payment: polling.payment, round, wait: true });
  },

  progressFailed(s, { round }) {
    const polling = s.state.polling;
    // A network hiccup: the payment is on chain either way; keep asking.
    if (s.state.active && polling?.round === round) s.effect({ kind: "poll", payment: polling.payment, round, wait: true });
  },

  startedOver(s) {
    // Only from a result: a start or a send under way is not dropped (its answer would be lost).
    // A quote asked for is waited for too (the property's counterexample: a start-over mid-quote, then Pay, made two in flight).
    if (s.state.pending?.kind === "start" || s.state.pending?.kind === "send" || s.state.pending?.kind === "quote") return;
    stopPolling(s);
    s.set({ pending: null });
    s.session(sessionWithoutPayment(s.state.session));
    s.flow(initialTransactionFlow());
    s.stage("details-screen");
    s.view({ notice: null, starting: false, qr: false, underpaid: undefined, swap: undefined });
  },

  swapOpened(s) {
    const r = s.ready();
    const { wallet, sanction, swap, starting } = s.state.view;
    if (!r || r.product.paid || familyOfChain(r.option.chainId) !== "solana" || !wallet || sanction !== "passed" || swap || starting || s.state.pending || s.state.stage !== "details-screen") return;
    s.view({ swap: { step: "listing" }, notice: null });
    s.effect({ kind: "list-swap-assets", wallet, chain: r.option.chainId, exclude: r.option.token.address });
  },

  swapListed(s, { wallet, holdings }) {
    if (s.state.view.swap?.step === "listing" && s.state.view.wallet === wallet) s.view({ swap: { step: "list", holdings } });
  },

  swapListFailed(s, { wallet }) {
    if (s.state.view.swap?.step === "listing" && s.state.view.wallet === wallet) s.view({ swap: { step: "list", holdings: [], unavailable: true } });
  },

  swapClosed(s) {
    // A quote or a send under way is not dropped (its answer would be lost).
    if (swapUnderWay(s.state)) return;
    s.view({ swap: undefined, notice: null });
  },

  swapPicked(s, { mint }) {
    const r = s.ready();
    const { wallet, sanction, swap, starting } = s.state.view;
    if (!r || !wallet || sanction !== "passed" || starting || s.state.pending || s.state.stage !== "details-screen") return;
    if (swap?.step !== "list" && swap?.step !== "quote") return;
    const holding = swap.holdings.find((h) => h.mint === mint);
    if (!holding) return;
    s.view({ swap: { step: "quoting", holdings: swap.holdings, holding }, starting: true, notice: null });
    const known = s.state.swapPayment;
    if (known && known.payer === wallet && known.key === startKey(s.state)) {
      // The payment started for an earlier quote: asked again, no second payment.
      s.set({ pending: { kind: "quote", info: known.info, payer: wallet, fromAsset: mint } });
      s.effect({ kind: "ask-swap-quote", info: known.info, payer: wallet, fromAsset: mint });
      return;
    }
    s.set({ pending: { kind: "start", payer: wallet, swap: mint }, swapPayment: undefined });
    s.effect({ kind: "start-payment", request: startRequest(s, wallet) });
  },

  swapQuoted(s, { answer }) {
    const pending = s.state.pending;
    const swap = s.state.view.swap;
    if (pending?.kind !== "quote") return;
    s.set({ pending: null });
    s.view({ starting: false, swap: swap?.step === "quoting" ? { step: "quote", holdings: swap.holdings, holding: swap.holding, answer } : undefined });
  },

  swapQuoteFailed(s, { code, message }) {
    if (s.state.pending?.kind !== "quote") return;
    s.set({ pending: null });
    s.view({ starting: false, notice: code ? { kind: "swap-failed", code } : { kind: "error", message } });
    // A refusal other than the swap's own (the payment closed or expired): the next pick starts afresh.
    if (!code) s.set({ swapPayment: undefined });
    backToList(s);
  },

  swapPayPressed(s, { canSend }) {
    const { wallet, sanction, swap } = s.state.view;
    const known = s.state.swapPayment;
    if (!wallet || !canSend || sanction !== "passed" || swap?.step !== "quote" || !known || known.payer !== wallet || known.key !== startKey(s.state) || s.state.pending || s.state.stage !== "details-screen") return;
    const { info } = known;
    s.set({ pending: { kind: "send", info, payer: wallet, swap: true } });
    s.session(sessionWithPayment(s.state.session, s.state.productId, info, wallet));
    s.flow(flowOfType(s.state.flow, "pay"));
    s.flow(flowInState(s.state.flow, "processing", { info, result: null }));
    s.view({ starting: true, notice: null, approval: undefined, swap: { ...swap, step: "paying" } });
    s.effect({ kind: "send-swap", info, payer: wallet, fromAsset: swap.holding.mint, answer: swap.answer });
  },

  swapRefreshing(s) {
    const swap = s.state.view.swap;
    if (s.state.pending?.kind === "send" && s.state.pending.swap && swap?.step === "paying") s.view({ swap: { ...swap, refreshing: true } });
  },

  swapRefreshed(s, { answer }) {
    const swap = s.state.view.swap;
    if (s.state.pending?.kind === "send" && s.state.pending.swap && swap?.step === "paying") s.view({ swap: { ...swap, answer, refreshing: false } });
  },
};

/** A start, a quote or a swap's send is under way: the swap's view stays as it is until it answers. */
function swapUnderWay(state: PayPageState): boolean {
  const p = state.pending;
  return (p?.kind === "start" && p.swap !== undefined) || p?.kind === "quote" || (p?.kind === "send" && p.swap === true);
}

/** Back to the list of holdings (after a failure), the payer free to pick again. */
function backToList(s: Step) {
  const swap = s.state.view.swap;
  const holdings = swap && swap.step !== "listing" ? swap.holdings : undefined;
  s.view({ swap: holdings ? { step: "list", holdings } : undefined });
}

/**
 * The swap did not pay: the chain or the route refused it (code), or the payer declined in the
 * wallet. Nothing was credited, so the payer stays on the details with the words, the payment
 * still payable: the next pick asks a fresh quote for the same payment.
 */
function swapFailed(s: Step, code: SwapFailure | undefined) {
  s.session(sessionWithoutPayment(s.state.session));
  s.flow(initialTransactionFlow());
  s.stage("details-screen");
  s.view({ notice: code ? { kind: "swap-failed", code } : null });
  backToList(s);
}

/** What a start is for (option, amount, choice): a swap's payment is reused only for the same. */
function startKey(state: PayPageState): string {
  const load = state.view.load;
  if (load.kind !== "ready") return "";
  return JSON.stringify([load.option.chainId, load.option.token.symbol, choiceRequest(load.product, state.choice)]);
}

/**
 * The rest of a partly paid payment did not leave the wallet (or its confirmation was lost): the
 * payment stays open on the payment screen, with what happened said there, and is still followed.
 */
function restFailed(s: Step, failure: SendFailure, hash: string | undefined) {
  const payment = s.state.session.info?.payment;
  s.flow(flowInState(s.state.flow, "submitted"));
  if (hash && failure.kind !== "on-chain") {
    // Sent: the server has the last word; the page keeps waiting for it.
    if (payment) poll(s, payment, false);
    return;
  }
  const underpaid = s.state.view.underpaid;
  if (underpaid) s.view({ underpaid: { ...underpaid, waiting: false } });
  // Nothing of it is on its way: a reload offers it again.
  if (s.state.session.restSent) {
    const { restSent: _refused, ...session } = s.state.session;
    s.session(session);
  }
  if (failure.kind === "insufficient") {
    s.view({ notice: failure.asset === "token" ? { kind: "insufficient-token", available: failure.available, needed: failure.needed } : { kind: "insufficient-fee" } });
  } else if (failure.kind !== "cancelled") {
    s.effect({ kind: "toast-wallet-failed", message: failure.message });
    s.effect({ kind: "reset-wallet" });
    s.view({ notice: { kind: "error", message: failure.message } });
  }
  if (payment && !s.state.polling) poll(s, payment, false);
}

/** The product is known: show it with the family's option, then resume the session's payment. */
function loaded(s: Step, product: PayableProduct) {
  const option = pickPayOption(product, s.state.family ?? payFamilies(product)[0]);
  s.view({ load: option ? { kind: "ready", product, option } : { kind: "unsupported" } });
  if (!option) return;
  const { session, stage, productId } = s.state;
  if (session.productId !== productId || !session.info || stage === "details-screen") {
    // Nothing of this page's to resume (a stage left by another link is ignored).
    if (stage !== "details-screen") s.stage("details-screen");
    checkSanction(s);
    return;
  }
  s.set({ pending: { kind: "resume", payment: session.info.payment } });
  s.effect({ kind: "fetch-resume-progress", payment: session.info.payment });
}

/** Asks the server to start a payment from `payer` (null: a phone wallet, via the QR code). */
function startPayment(s: Step, payer: string | null) {
  const r = s.ready();
  if (!r || s.state.view.starting || s.state.pending || s.state.stage !== "details-screen") return;
  s.set({ pending: { kind: "start", payer } });
  s.view({ starting: true, notice: null, approval: undefined });
  s.flow(flowOfType(s.state.flow, "pay"));
  s.flow(flowInState(s.state.flow, "processing", { info: null, result: null }));
  s.effect({ kind: "start-payment", request: startRequest(s, payer) });
}

/** The start's body for `payer` (null: a QR payment) with the option and the payer's choice. */
function startRequest(s: Step, payer: string | null) {
  const r = s.ready()!;
  return { chainId: r.option.chainId, token: r.option.token.symbol, ...(payer ? { payer } : {}), sessionId: s.state.session.sessionId, ...choiceRequest(r.product, s.state.choice) };
}

function sanctionKey(state: PayPageState, wallet: string) {
  return `${state.flow.transactionType ?? "pay"}:${wallet}`;
}

/** SPEC §4/§5: the connected wallet against the sanctions list, once per transaction type. */
function checkSanction(s: Step) {
  const r = s.ready();
  const wallet = s.state.view.wallet;
  if (!r || !wallet) return;
  const key = sanctionKey(s.state, wallet);
  const known = s.state.sanctions[key];
  if (known !== undefined) {
    s.view({ sanction: known ? "passed" : "failed" });
    return;
  }
  s.view({ sanction: "checking" });
  s.effect({ kind: "check-sanction", key, request: { wallet, payment: s.state.productId, type: r.product.type, chain: r.option.chainId }, sessionId: s.state.session.sessionId });
}

/** Follows `payment` from now (or after one interval), in a new round. */
function poll(s: Step, payment: string, wait: boolean) {
  if (!s.state.active) return;
  if (s.state.polling) s.effect({ kind: "stop-polling" });
  const round = s.state.rounds + 1;
  s.set({ polling: { payment, round }, rounds: round });
  s.effect({ kind: "poll", payment, round, wait });
}

function stopPolling(s: Step) {
  s.set({ polling: null });
  s.effect({ kind: "stop-polling" });
}

/** The server's progress: failed or paid ends on the result screen; otherwise it is kept for the page. */
function applyProgress(s: Step, progress: PaymentProgress) {
  showUnderpaid(s, progress);
  const flow = s.state.flow;
  if (progress.status === "failed") {
    s.flow(flowInState(flow, "failed", { result: { progress, error: progress.failureReason } }));
    s.stage("result-screen");
  } else if (progress.status === "paid" || progress.status === "validated") {
    s.flow(flowInState(flow, flow.currentState === "failed" ? "submitted" : flow.currentState, { result: { progress, hash: progress.hash ?? flow.transactionResult?.hash } }));
    s.stage("result-screen");
  } else {
    s.flow(flowInState(flow, flow.currentState, { result: { progress } }));
  }
}

/** The option a started payment pays with (after a reload the page shows that one, whatever was picked before). */
function optionOfPayment(product: PayableProduct, info: PaymentTransactionInfo): PayOption | undefined {
  const chain = product.options.find((o) => o.chainId === info.chain);
  const token = chain?.tokens.find((t) => t.address.toLowerCase() === info.tokenAddress.toLowerCase());
  return chain && token ? { chainId: chain.chainId, chainName: chain.chainName, token: { ...token } } : undefined;
}

/**
 * Partly paid and still open: what arrived and what is due. After the rest was sent from here,
 * the page keeps waiting until the server reports more than it had (a poll answered before the
 * rest is credited must not offer the same rest again).
 */
function showUnderpaid(s: Step, progress: PaymentProgress) {
  const shown = s.state.view.underpaid;
  const next = underpaidOf(progress);
  let underpaid: UnderpaidView | undefined = next;
  // A rest still leaving the wallet: whatever else arrived meanwhile, nothing is offered until it is done.
  const sendingRest = s.state.pending?.kind === "send" && s.state.pending.rest === true;
  if (next && sendingRest) underpaid = { ...next, waiting: true };
  else if (next && shown?.waiting && BigInt(next.received) <= BigInt(shown.received)) underpaid = { ...shown, ...(next.expiresAt ? { expiresAt: next.expiresAt } : {}) };
  // An answer that says nothing of amounts (still initiated) does not forget a rest already sent:
  // dropping the view here would offer the same rest again on the next short answer.
  else if (!next && shown?.waiting && progress.status === "initiated") underpaid = shown;
  if (!sameUnderpaid(shown, underpaid)) s.view({ underpaid });
}

function sameUnderpaid(a: UnderpaidView | undefined, b: UnderpaidView | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.received === b.received && a.due === b.due && a.expiresAt === b.expiresAt && Boolean(a.waiting) === Boolean(b.waiting));
}
