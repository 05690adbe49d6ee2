import { describe, expect, it } from "vitest";
import fc from "fast-check";
import enPay from "../../../public/assets/translations/en/pay.json";
import frPay from "../../../public/assets/translations/fr/pay.json";
import enErrors from "../../../public/assets/translations/en/errors.json";
import frErrors from "../../../public/assets/translations/fr/errors.json";
import { SWAP_FAILURES, SWAP_FAILURE_MESSAGES } from "@/lib/swap-api";
import type { PaymentProgress } from "@/lib/pay-api";
import type { PaymentSession, TransactionFlow } from "@/stores/payment";
import { initialPayPage, payPage, type PayEffect, type PayEvent, type PayFlowState, type PayPageState, type SendFailure } from "./pay-page-machine";
import { isCancelled, PAYER_CANCELLED, resultOf, resultWords, SERVER_REASONS, UNDERPAID_WORDS, underpaidOf } from "./pay-result";
import { DONATION_PRODUCT, FAUCET_GRANT, PAYER_ADDRESS, SOL_HOLDING, SWAP_HOLDINGS, TX_HASH, USDT_HOLDING, USD_PRODUCT, paymentInfoFor, swapAnswerFor } from "./testing/fake-pay";

const SESSION: PaymentSession = { sessionId: "s-1", productId: null, info: null, hash: null, payer: null };
const INFO = paymentInfoFor(USD_PRODUCT);
const OTHER = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

const fresh = (over: Partial<Parameters<typeof initialPayPage>[0]> = {}) => initialPayPage({ productId: USD_PRODUCT.id, stage: "details-screen", session: SESSION, ...over });
const opening = (s: PayPageState): PayEvent => ({ type: "opened", persisted: { stage: s.stage, session: s.session, flow: s.flow } });
/** The state after `events`, in order. */
function after(state: PayPageState, ...events: PayEvent[]): PayPageState {
  return events.reduce((s, e) => payPage(s, e).state, state);
}

const opened = after(fresh(), opening(fresh()), { type: "loaded", product: USD_PRODUCT });
const connected = after(opened, { type: "walletChanged", address: PAYER_ADDRESS }, { type: "sanctionAnswered", key: `pay:${PAYER_ADDRESS}`, wallet: PAYER_ADDRESS, passed: true });
const starting = after(connected, { type: "payPressed", canSend: true });
const sending = after(starting, { type: "started", info: INFO });
const sent = after(sending, { type: "sent", hash: TX_HASH });
const following = after(sent, { type: "sendDone" });
const qrStarting = after(opened, { type: "qrPressed" });
const qrWaiting = after(qrStarting, { type: "started", info: INFO });
const walletFailed = after(sending, { type: "sendFailed", failure: { kind: "wallet", message: "Wallet disconnected" } });
const cancelled = after(sending, { type: "sendFailed", failure: { kind: "cancelled" } });
const short = after(sending, { type: "sendFailed", failure: { kind: "insufficient", asset: "token", available: "1", needed: "2" } });
/** A reload in the middle of a payment: the session kept it, the stage was the payment screen. */
const stored = (over: Partial<PaymentSession>): PayPageState => {
  const s = fresh({ stage: "payment-screen", session: { ...SESSION, productId: USD_PRODUCT.id, info: INFO, hash: TX_HASH, payer: PAYER_ADDRESS, ...over } });
  return after(s, opening(s), { type: "loaded", product: USD_PRODUCT });
};
const reloading = stored({});
const reloadingUnsent = stored({ hash: null });
const reloadingQr = stored({ hash: null, payer: null });
/** Partly paid (issue 28): 40 of the 49.99 USDC arrived, the payment still open. */
const EXPIRES = "2026-11-22T19:00:00.000Z";
const UNDER: PaymentProgress = { payment: "pay_1", status: "initiated", hash: TX_HASH, receivedAmount: "40000000", amountMismatch: "under", requestedAmount: "49990000", amountDue: "9990000", decimals: 6, expiresAt: EXPIRES };
/** More came (45), still short. */
const UNDER_MORE: PaymentProgress = { ...UNDER, receivedAmount: "45000000", amountDue: "4990000" };
const REST_HASH = "3ReStHaSh";
const underpaid = after(following, { type: "progress", round: 1, progress: UNDER });
const sendingRest = after(underpaid, { type: "restPressed", canSend: true });
const restOnItsWay = after(sendingRest, { type: "sent", hash: REST_HASH });
const restSent = after(restOnItsWay, { type: "sendDone" });
const qrUnderpaid = after(qrWaiting, { type: "progress", round: 1, progress: UNDER });
/** The page reloaded from `s`: only its persisted stage and session survive; the product is back, the progress asked for. */
const reloadOf = (s: PayPageState): PayPageState => {
  const page = fresh({ stage: s.stage, session: s.session });
  return after(page, opening(page), { type: "loaded", product: USD_PRODUCT });
};
/** ... and the wallet connected again, checked: only the waiting stops Send the rest. */
const reloadedAfterRest = after(
  reloadOf(restSent),
  { type: "reloaded", payment: "pay_1", progress: UNDER },
  { type: "walletChanged", address: PAYER_ADDRESS },
  { type: "sanctionAnswered", key: `pay:${PAYER_ADDRESS}`, wallet: PAYER_ADDRESS, passed: true },
);

/** Paying with another token (issue 26): the list, a payment started for the quote, the quote, the wallet. */
const QUOTE = swapAnswerFor(SOL_HOLDING);
const swapListing = after(connected, { type: "swapOpened" });
const swapList = after(swapListing, { type: "swapListed", wallet: PAYER_ADDRESS, holdings: SWAP_HOLDINGS });
const swapStarting = after(swapList, { type: "swapPicked", mint: SOL_HOLDING.mint });
const swapQuoting = after(swapStarting, { type: "started", info: INFO });
const swapQuoted = after(swapQuoting, { type: "swapQuoted", answer: QUOTE });
const swapPaying = after(swapQuoted, { type: "swapPayPressed", canSend: true });
const swapSent = after(swapPaying, { type: "sent", hash: TX_HASH });
/** The same quote on a donation page, whose amount is the payer's to choose. */
const donationQuoted: PayPageState = (() => {
  const load = swapQuoted.view.load as Extract<PayFlowState["load"], { kind: "ready" }>;
  return { ...swapQuoted, view: { ...swapQuoted.view, load: { ...load, product: { ...load.product, donation: DONATION_PRODUCT.donation } } } };
})();
const swapFailure = (code: (typeof SWAP_FAILURES)[keyof typeof SWAP_FAILURES]): SendFailure => ({ kind: "swap", code, message: SWAP_FAILURE_MESSAGES[code] });

interface Expected {
  stage?: PayPageState["stage"];
  view?: Partial<PayFlowState>;
  flow?: Partial<TransactionFlow>;
  session?: Partial<PaymentSession>;
  pending?: string | null;
  polling?: boolean;
  effects: string[];
}

type Case = [name: string, from: PayPageState, event: PayEvent, expected: Expected];

const table: Case[] = [
  // Loading.
  ["opening asks for the product", fresh(), opening(fresh()), { view: { load: { kind: "loading" } }, effects: ["fetch-product"] }],
  ["opening with the served product asks for nothing", fresh({ served: USD_PRODUCT }), opening(fresh()), { view: { load: expect.objectContaining({ kind: "ready" }) }, effects: [] }],
  ["the product arrives with the family's first option", after(fresh(), opening(fresh())), { type: "loaded", product: USD_PRODUCT }, { view: { load: expect.objectContaining({ option: expect.objectContaining({ chainId: -5001 }) }) }, effects: [] }],
  ["a product with nothing to pay with here is unsupported", after(fresh(), opening(fresh())), { type: "loaded", product: { ...USD_PRODUCT, options: [] } }, { view: { load: { kind: "unsupported" } }, effects: [] }],
  ["a gone link is not found", after(fresh(), opening(fresh())), { type: "loadFailed", gone: true, message: "Gone" }, { view: { load: { kind: "not-found" } }, effects: [] }],
  ["another failure shows the server's message", after(fresh(), opening(fresh())), { type: "loadFailed", gone: false, message: "Database unavailable" }, { view: { load: { kind: "error", message: "Database unavailable" } }, effects: [] }],
  ["a stage left by another link is ignored", after(fresh({ stage: "result-screen" }), opening(fresh({ stage: "result-screen" }))), { type: "loaded", product: USD_PRODUCT }, { stage: "details-screen", effects: [] }],
  // Sanctions.
  ["a connected wallet is checked", opened, { type: "walletChanged", address: PAYER_ADDRESS }, { view: { sanction: "checking" }, effects: ["check-sanction"] }],
  ["a wallet connected before the product is checked when it arrives", after(fresh(), opening(fresh()), { type: "walletChanged", address: PAYER_ADDRESS }), { type: "loaded", product: USD_PRODUCT }, { view: { sanction: "checking" }, effects: ["check-sanction"] }],
  ["a wallet checked before is not checked again", after(connected, { type: "walletChanged", address: null }), { type: "walletChanged", address: PAYER_ADDRESS }, { view: { sanction: "passed" }, effects: [] }],
  ["a disconnect forgets the check's result on the page", connected, { type: "walletChanged", address: null }, { view: { wallet: null, sanction: "idle" }, effects: [] }],
  ["a check that cannot run is unavailable", after(opened, { type: "walletChanged", address: PAYER_ADDRESS }), { type: "sanctionAnswered", key: `pay:${PAYER_ADDRESS}`, wallet: PAYER_ADDRESS, passed: null }, { view: { sanction: "unavailable" }, effects: [] }],
  ["an answer for a wallet gone meanwhile changes nothing shown", after(opened, { type: "walletChanged", address: PAYER_ADDRESS }, { type: "walletChanged", address: OTHER }), { type: "sanctionAnswered", key: `pay:${PAYER_ADDRESS}`, wallet: PAYER_ADDRESS, passed: false }, { view: { wallet: OTHER, sanction: "checking" }, effects: [] }],
  ["a retry asks again", after(opened, { type: "walletChanged", address: PAYER_ADDRESS }, { type: "sanctionAnswered", key: `pay:${PAYER_ADDRESS}`, wallet: PAYER_ADDRESS, passed: true }), { type: "sanctionRetried" }, { view: { sanction: "checking" }, effects: ["check-sanction"] }],
  // Faucet.
  ["the faucet is asked in sandbox", connected, { type: "faucetAsked" }, { view: { faucet: { status: "sending" } }, effects: ["ask-faucet"] }],
  ["no faucet outside sandbox", after(fresh(), opening(fresh()), { type: "loaded", product: { ...USD_PRODUCT, sandbox: false } }, { type: "walletChanged", address: PAYER_ADDRESS }), { type: "faucetAsked" }, { view: { faucet: { status: "idle" } }, effects: [] }],
  ["test coins clear a balance notice", after(short, { type: "faucetAsked" }), { type: "faucetAnswered", grant: FAUCET_GRANT }, { view: { faucet: { status: "granted", grant: FAUCET_GRANT }, notice: null }, effects: [] }],
  // Starting.
  ["Pay starts the payment", connected, { type: "payPressed", canSend: true }, { view: { starting: true, notice: null }, flow: { currentState: "processing", transactionInfo: null }, pending: "start", effects: ["start-payment"] }],
  ["Pay without a wallet to send starts nothing", connected, { type: "payPressed", canSend: false }, { view: { starting: false }, effects: [] }],
  ["Pay with a wallet that did not pass starts nothing", after(opened, { type: "walletChanged", address: PAYER_ADDRESS }), { type: "payPressed", canSend: true }, { view: { starting: false }, effects: [] }],
  ["Pay again while starting starts nothing", starting, { type: "payPressed", canSend: true }, { pending: "start", effects: [] }],
  ["the QR code while starting starts nothing", starting, { type: "qrPressed" }, { pending: "start", effects: [] }],
  ["a refused start goes back to the details with the server's words", starting, { type: "refused", alreadyPaid: false, message: "This link was disabled" }, { stage: "details-screen", view: { starting: false, notice: { kind: "error", message: "This link was disabled" } }, flow: { currentState: "init" }, pending: null, effects: ["toast-start-refused"] }],
  ["paid meanwhile turns the page to already paid", starting, { type: "refused", alreadyPaid: true, message: "This has already been paid." }, { view: { starting: false, notice: null, load: expect.objectContaining({ product: expect.objectContaining({ paid: true }) }) }, effects: [] }],
  ["a started payment goes to the wallet", starting, { type: "started", info: INFO }, { stage: "payment-screen", view: { starting: true }, flow: { currentState: "processing", transactionInfo: INFO }, session: { productId: USD_PRODUCT.id, info: INFO, payer: PAYER_ADDRESS, hash: null }, pending: "send", effects: ["send"] }],
  // The wallet.
  ["the wallet asks for the allowance first", sending, { type: "approving" }, { view: { approval: "needed" }, effects: [] }],
  ["then the payment", after(sending, { type: "approving" }), { type: "approved" }, { view: { approval: "done" }, effects: [] }],
  ["no allowance step when none was needed", sending, { type: "approved" }, { view: { approval: undefined }, effects: [] }],
  ["the hash is kept for a reload", sending, { type: "sent", hash: TX_HASH }, { flow: { currentState: "processed", transactionResult: { hash: TX_HASH, payer: PAYER_ADDRESS } }, session: { hash: TX_HASH }, effects: [] }],
  ["processed: the server is followed from now", sent, { type: "sendDone" }, { view: { starting: false }, flow: { currentState: "submitted" }, polling: true, pending: null, effects: ["poll"] }],
  ["a short balance keeps the payer on the details", sending, { type: "sendFailed", failure: { kind: "insufficient", asset: "native", available: "0", needed: "5000" } }, { stage: "details-screen", view: { starting: false, notice: { kind: "insufficient-fee" } }, flow: { currentState: "init" }, session: { info: null }, effects: [] }],
  ["a wallet failure ends failed, the wallet reset", sending, { type: "sendFailed", failure: { kind: "wallet", message: "Wallet disconnected" } }, { stage: "result-screen", view: { starting: false }, flow: { currentState: "failed", transactionResult: { error: "Wallet disconnected" } }, session: { info: null }, effects: ["toast-wallet-failed", "reset-wallet"] }],
  ["a payer's cancel ends cancelled: no toast of the wallet's words, the wallet kept", sending, { type: "sendFailed", failure: { kind: "cancelled" } }, { stage: "result-screen", view: { starting: false, wallet: PAYER_ADDRESS, sanction: "passed" }, flow: { currentState: "failed", transactionResult: { error: PAYER_CANCELLED } }, session: { info: null, hash: null }, pending: null, effects: [] }],
  ["a cancel once sent (hash known) leaves the word to the server", sent, { type: "sendFailed", failure: { kind: "cancelled" } }, { stage: "payment-screen", flow: { currentState: "submitted" }, session: { hash: TX_HASH }, effects: ["poll"] }],
  ["a lost confirmation after sending leaves the word to the server", sent, { type: "sendFailed", failure: { kind: "wallet", message: "WebSocket closed" } }, { stage: "payment-screen", flow: { currentState: "submitted" }, session: { hash: TX_HASH }, effects: ["poll"] }],
  ["a transaction the chain refused ends failed, its hash kept", sent, { type: "sendFailed", failure: { kind: "on-chain", message: "The network rejected the transaction" } }, { stage: "result-screen", flow: { currentState: "failed", transactionResult: { hash: TX_HASH, payer: PAYER_ADDRESS, error: "The network rejected the transaction" } }, session: { hash: TX_HASH }, effects: ["toast-wallet-failed", "reset-wallet"] }],
  // Following the server.
  ["initiated: asked again after one interval", following, { type: "progress", round: 1, progress: { payment: "pay_1", status: "initiated" } }, { stage: "payment-screen", polling: true, effects: ["poll"] }],
  ["paid while the rest is still in the wallet: the result, no spinner left on it (a property's counterexample)", sendingRest, { type: "progress", round: 1, progress: { payment: "pay_1", status: "paid", hash: TX_HASH } }, { stage: "result-screen", view: { starting: false }, effects: ["poll"] }],
  ["paid: the result, still followed to validated", following, { type: "progress", round: 1, progress: { payment: "pay_1", status: "paid", hash: TX_HASH } }, { stage: "result-screen", polling: true, effects: ["poll"] }],
  ["validated: the result, polling ends", following, { type: "progress", round: 1, progress: { payment: "pay_1", status: "validated", hash: TX_HASH } }, { stage: "result-screen", flow: { currentState: "submitted" }, polling: false, effects: [] }],
  ["failed: the result with the server's reason", following, { type: "progress", round: 1, progress: { payment: "pay_1", status: "failed", failureReason: "expired" } }, { stage: "result-screen", flow: { currentState: "failed", transactionResult: expect.objectContaining({ error: "expired" }) }, polling: false, effects: [] }],
  ["a network hiccup: asked again", following, { type: "progressFailed", round: 1 }, { polling: true, effects: ["poll"] }],
  ["an answer of an older round is ignored", following, { type: "progress", round: 0, progress: { payment: "pay_1", status: "failed" } }, { stage: "payment-screen", effects: [] }],
  ["an answer after the page closed is ignored", after(following, { type: "closed" }), { type: "progress", round: 1, progress: { payment: "pay_1", status: "failed" } }, { stage: "payment-screen", polling: false, effects: [] }],
  ["closing stops polling", following, { type: "closed" }, { polling: false, effects: ["stop-polling"] }],
  ["opening again follows the payment again", after(following, { type: "closed" }), opening(following), { polling: true, effects: ["poll"] }],
  // QR.
  ["the QR code starts a payment with no payer", opened, { type: "qrPressed" }, { view: { starting: true }, pending: "start", effects: ["start-payment"] }],
  ["a started QR payment shows its code and waits one interval", qrStarting, { type: "started", info: INFO }, { stage: "payment-screen", view: { starting: false, qr: true }, flow: { currentState: "submitted", transactionInfo: INFO }, session: { payer: null, info: INFO }, pending: null, effects: ["poll"] }],
  ["a refused QR start shows no code", qrStarting, { type: "refused", alreadyPaid: false, message: "Too many" }, { stage: "details-screen", view: { starting: false, notice: { kind: "error", message: "Too many" } }, session: { info: null }, effects: ["toast-start-refused"] }],
  ["trying again stops following and forgets the payment", qrWaiting, { type: "startedOver" }, { stage: "details-screen", view: { qr: false, starting: false }, session: { info: null }, polling: false, effects: ["stop-polling"] }],
  ["trying again while a start is under way drops nothing", qrStarting, { type: "startedOver" }, { view: { starting: true }, pending: "start", effects: [] }],
  ["nor while the wallet sends", sent, { type: "startedOver" }, { stage: "payment-screen", pending: "send", session: { hash: TX_HASH }, effects: [] }],
  ["trying again after a wallet failure", walletFailed, { type: "startedOver" }, { stage: "details-screen", flow: { currentState: "init", transactionResult: null }, effects: ["stop-polling"] }],
  ["trying again after a cancel starts over cleanly", cancelled, { type: "startedOver" }, { stage: "details-screen", view: { starting: false, notice: null, wallet: PAYER_ADDRESS, sanction: "passed" }, flow: { currentState: "init", transactionResult: null, transactionInfo: null }, session: { info: null, hash: null }, pending: null, polling: false, effects: ["stop-polling"] }],
  ["Pay after a cancel and Try again starts a new payment", after(cancelled, { type: "startedOver" }), { type: "payPressed", canSend: true }, { view: { starting: true }, pending: "start", effects: ["start-payment"] }],
  // Paying with another token (issue 26).
  ["'Pay with another token' reads what the wallet holds", connected, { type: "swapOpened" }, { view: { swap: { step: "listing" }, notice: null, starting: false }, pending: null, effects: ["list-swap-assets"] }],
  ["not before the wallet passed the check", after(opened, { type: "walletChanged", address: PAYER_ADDRESS }), { type: "swapOpened" }, { view: { swap: undefined }, effects: [] }],
  ["not twice", swapListing, { type: "swapOpened" }, { view: { swap: { step: "listing" } }, effects: [] }],
  ["the holdings are listed", swapListing, { type: "swapListed", wallet: PAYER_ADDRESS, holdings: SWAP_HOLDINGS }, { view: { swap: { step: "list", holdings: SWAP_HOLDINGS } }, effects: [] }],
  ["unreadable balances: an empty list that says so", swapListing, { type: "swapListFailed", wallet: PAYER_ADDRESS }, { view: { swap: { step: "list", holdings: [], unavailable: true } }, effects: [] }],
  ["holdings of a wallet gone meanwhile are not shown", after(swapListing, { type: "walletChanged", address: OTHER }), { type: "swapListed", wallet: PAYER_ADDRESS, holdings: SWAP_HOLDINGS }, { view: { swap: undefined }, effects: [] }],
  ["picking a token starts the payment for its quote", swapList, { type: "swapPicked", mint: SOL_HOLDING.mint }, { view: { starting: true, swap: { step: "quoting", holdings: SWAP_HOLDINGS, holding: SOL_HOLDING } }, pending: "start", effects: ["start-payment"] }],
  ["a token the wallet does not hold is not picked", swapList, { type: "swapPicked", mint: "nope" }, { view: { starting: false }, pending: null, effects: [] }],
  ["started: the quote is asked for, nothing goes to the wallet, nothing to resume", swapStarting, { type: "started", info: INFO }, { stage: "details-screen", view: { starting: true }, session: { info: null }, pending: "quote", effects: ["ask-swap-quote"] }],
  ["the quote is shown", swapQuoting, { type: "swapQuoted", answer: QUOTE }, { stage: "details-screen", view: { starting: false, swap: { step: "quote", holdings: SWAP_HOLDINGS, holding: SOL_HOLDING, answer: QUOTE } }, pending: null, effects: [] }],
  ["no route: its words, back to the list, the payment kept for another token", swapQuoting, { type: "swapQuoteFailed", code: "swap_no_route", message: "No one can swap" }, { view: { starting: false, notice: { kind: "swap-failed", code: "swap_no_route" }, swap: { step: "list", holdings: SWAP_HOLDINGS } }, pending: null, effects: [] }],
  ["another token asks the same payment again (one payment, not one per quote)", swapQuoted, { type: "swapPicked", mint: USDT_HOLDING.mint }, { view: { starting: true, swap: expect.objectContaining({ step: "quoting", holding: USDT_HOLDING }) }, pending: "quote", effects: ["ask-swap-quote"] }],
  ["a refused start: back to the list with the server's words", swapStarting, { type: "refused", alreadyPaid: false, message: "This link was disabled" }, { view: { starting: false, notice: { kind: "error", message: "This link was disabled" }, swap: { step: "list", holdings: SWAP_HOLDINGS } }, pending: null, effects: ["toast-start-refused"] }],
  ["Pay the quote: the wallet signs it, the session keeps the payment", swapQuoted, { type: "swapPayPressed", canSend: true }, { stage: "details-screen", view: { starting: true, swap: expect.objectContaining({ step: "paying" }) }, session: { info: INFO, payer: PAYER_ADDRESS, hash: null }, flow: { currentState: "processing", transactionInfo: INFO }, pending: "send", effects: ["send-swap"] }],
  ["Pay without a wallet to sign starts nothing", swapQuoted, { type: "swapPayPressed", canSend: false }, { view: { starting: false }, pending: null, effects: [] }],
  ["Pay again while the wallet signs sends nothing more", swapPaying, { type: "swapPayPressed", canSend: true }, { pending: "send", effects: [] }],
  ["a stale quote is asked again first", swapPaying, { type: "swapRefreshing" }, { view: { swap: expect.objectContaining({ step: "paying", refreshing: true }) }, effects: [] }],
  ["the fresh quote is the one shown", after(swapPaying, { type: "swapRefreshing" }), { type: "swapRefreshed", answer: swapAnswerFor(SOL_HOLDING, "2026-11-22T18:40:00.000Z") }, { view: { swap: expect.objectContaining({ refreshing: false, answer: swapAnswerFor(SOL_HOLDING, "2026-11-22T18:40:00.000Z") }) }, effects: [] }],
  ["the swap left the wallet: the payment screen, as a direct payment", swapPaying, { type: "sent", hash: TX_HASH }, { stage: "payment-screen", session: { hash: TX_HASH }, flow: { currentState: "processed" }, effects: [] }],
  ["processed: the server is followed, the quote done with", swapSent, { type: "sendDone" }, { stage: "payment-screen", view: { starting: false, swap: undefined }, polling: true, pending: null, effects: ["poll"] }],
  ["slippage exceeded on chain: its words on the details, the payment still payable", swapSent, { type: "sendFailed", failure: swapFailure("swap_slippage_exceeded") }, { stage: "details-screen", view: { starting: false, notice: { kind: "swap-failed", code: "swap_slippage_exceeded" }, swap: { step: "list", holdings: SWAP_HOLDINGS } }, session: { info: null, hash: null }, flow: { currentState: "init" }, pending: null, polling: false, effects: [] }],
  ["a quote expired before signing: its words, back to the list", swapPaying, { type: "sendFailed", failure: swapFailure("swap_quote_expired") }, { stage: "details-screen", view: { starting: false, notice: { kind: "swap-failed", code: "swap_quote_expired" } }, session: { info: null }, effects: [] }],
  ["not enough balance: its words", swapPaying, { type: "sendFailed", failure: swapFailure("swap_insufficient_balance") }, { stage: "details-screen", view: { notice: { kind: "swap-failed", code: "swap_insufficient_balance" } }, effects: [] }],
  ["a payer who declines in the wallet is back at the list, no words of failure", swapPaying, { type: "sendFailed", failure: { kind: "cancelled" } }, { stage: "details-screen", view: { starting: false, notice: null, swap: { step: "list", holdings: SWAP_HOLDINGS } }, effects: [] }],
  ["after a failure, a fresh quote is for the same payment", after(swapPaying, { type: "sendFailed", failure: swapFailure("swap_slippage_exceeded") }), { type: "swapPicked", mint: SOL_HOLDING.mint }, { pending: "quote", effects: ["ask-swap-quote"] }],
  ["another wallet failure ends as a direct payment's", swapPaying, { type: "sendFailed", failure: { kind: "wallet", message: "Wallet disconnected" } }, { stage: "result-screen", view: { starting: false, swap: undefined }, effects: ["toast-wallet-failed", "reset-wallet"] }],
  ["another amount chosen: the quote (for the old one) is dropped, back to the list", donationQuoted, { type: "choiceChanged", choice: { amount: "12" } }, { view: { swap: { step: "list", holdings: SWAP_HOLDINGS } }, effects: [] }],
  ["the same choice again keeps the quote", donationQuoted, { type: "choiceChanged", choice: {} }, { view: { swap: expect.objectContaining({ step: "quote" }) }, effects: [] }],
  ["Pay on a quote for another amount sends nothing", { ...donationQuoted, choice: { amount: "12" } }, { type: "swapPayPressed", canSend: true }, { pending: null, effects: [] }],
  ["back to paying directly", swapList, { type: "swapClosed" }, { view: { swap: undefined }, effects: [] }],
  ["not while a quote is asked for", swapQuoting, { type: "swapClosed" }, { view: { swap: expect.objectContaining({ step: "quoting" }) }, pending: "quote", effects: [] }],
  ["Pay (direct) while a quote is asked for starts nothing", swapQuoting, { type: "payPressed", canSend: true }, { pending: "quote", effects: [] }],
  ["another wallet forgets the list (it holds other tokens)", swapList, { type: "walletChanged", address: OTHER }, { view: { swap: undefined }, effects: ["check-sanction"] }],
  // Partly paid (issue 28).
  ["too little: what arrived, what is due and until when, still followed", following, { type: "progress", round: 1, progress: UNDER }, { stage: "payment-screen", view: { underpaid: { received: "40000000", due: "9990000", expiresAt: EXPIRES } }, flow: { currentState: "submitted" }, polling: true, effects: ["poll"] }],
  ["the same answer again changes nothing shown", underpaid, { type: "progress", round: 1, progress: UNDER }, { view: underpaid.view, effects: ["poll"] }],
  ["send the rest: the wallet sends it, the page waits for it", underpaid, { type: "restPressed", canSend: true }, { stage: "payment-screen", view: { starting: true, underpaid: expect.objectContaining({ received: "40000000", due: "9990000", waiting: true }) }, flow: { currentState: "processing" }, pending: "send", session: { info: INFO }, effects: ["send"] }],
  ["send the rest with no wallet able to send does nothing", underpaid, { type: "restPressed", canSend: false }, { view: { starting: false, underpaid: expect.not.objectContaining({ waiting: true }) }, pending: null, effects: [] }],
  ["send the rest with a wallet that did not pass does nothing", after(underpaid, { type: "walletChanged", address: OTHER }), { type: "restPressed", canSend: true }, { pending: null, effects: [] }],
  ["send the rest twice sends it once", sendingRest, { type: "restPressed", canSend: true }, { pending: "send", effects: [] }],
  ["nor again once sent, while the server has not seen it", restSent, { type: "restPressed", canSend: true }, { pending: null, effects: [] }],
  ["the rest's hash is kept for a reload", sendingRest, { type: "sent", hash: REST_HASH }, { flow: { currentState: "processed" }, session: { hash: REST_HASH, info: INFO }, effects: [] }],
  ["a poll answered before the rest is credited offers nothing again", restSent, { type: "progress", round: restSent.polling!.round, progress: UNDER }, { view: { underpaid: expect.objectContaining({ waiting: true }) }, effects: ["poll"] }],
  ["more came but still short: the new shortfall is offered", restSent, { type: "progress", round: restSent.polling!.round, progress: UNDER_MORE }, { view: { underpaid: { received: "45000000", due: "4990000", expiresAt: EXPIRES } }, effects: ["poll"] }],
  ["more arrives while the rest is still leaving the wallet: nothing is offered until it is done", sendingRest, { type: "progress", round: 1, progress: UNDER_MORE }, { view: { starting: true, underpaid: expect.objectContaining({ received: "45000000", waiting: true }) }, pending: "send", effects: ["poll"] }],
  ["the rest arrived: paid", restSent, { type: "progress", round: restSent.polling!.round, progress: { payment: "pay_1", status: "paid", hash: REST_HASH, receivedAmount: "49990000", amountDue: "0" } }, { stage: "result-screen", view: { underpaid: undefined }, polling: true, effects: ["poll"] }],
  ["the rest cancelled in the wallet: the payment stays open and is offered again", sendingRest, { type: "sendFailed", failure: { kind: "cancelled" } }, { stage: "payment-screen", view: { starting: false, notice: null, underpaid: expect.objectContaining({ waiting: false }) }, flow: { currentState: "submitted" }, session: { info: INFO }, pending: null, polling: true, effects: [] }],
  ["the rest short of balance: a notice, the payment open", sendingRest, { type: "sendFailed", failure: { kind: "insufficient", asset: "token", available: "1", needed: "9990000" } }, { stage: "payment-screen", view: { notice: { kind: "insufficient-token", available: "1", needed: "9990000" }, underpaid: expect.objectContaining({ waiting: false }) }, session: { info: INFO }, effects: [] }],
  ["the rest failed in the wallet: its words, the wallet reset, the payment open", sendingRest, { type: "sendFailed", failure: { kind: "wallet", message: "Wallet disconnected" } }, { stage: "payment-screen", view: { notice: { kind: "error", message: "Wallet disconnected" }, underpaid: expect.objectContaining({ waiting: false }) }, session: { info: INFO }, effects: ["toast-wallet-failed", "reset-wallet"] }],
  ["the rest refused by the chain: offered again", restOnItsWay, { type: "sendFailed", failure: { kind: "on-chain", message: "The network rejected the transaction" } }, { stage: "payment-screen", view: { underpaid: expect.objectContaining({ waiting: false }) }, session: { info: INFO }, effects: ["toast-wallet-failed", "reset-wallet"] }],
  ["the rest's confirmation lost: the server has the last word", restOnItsWay, { type: "sendFailed", failure: { kind: "wallet", message: "WebSocket closed" } }, { stage: "payment-screen", view: { underpaid: expect.objectContaining({ waiting: true }) }, flow: { currentState: "submitted" }, polling: true, effects: ["stop-polling", "poll"] }],
  ["the time ran out: failed underpaid, in the payer's words", underpaid, { type: "progress", round: 1, progress: { ...UNDER, status: "failed", failureReason: "underpaid" } }, { stage: "result-screen", view: { underpaid: undefined }, flow: { currentState: "failed" }, polling: false, effects: [] }],
  ["a QR payment shows the rest's code: no wallet send", qrUnderpaid, { type: "restPressed", canSend: true }, { view: { qr: true, underpaid: expect.objectContaining({ due: "9990000" }) }, pending: null, effects: [] }],
  ["a partly paid payment whose hash the reload lost is kept, not forgotten", reloadingUnsent, { type: "reloaded", payment: "pay_1", progress: UNDER }, { stage: "payment-screen", view: { underpaid: expect.objectContaining({ due: "9990000" }) }, session: { info: INFO }, polling: true, effects: ["poll"] }],
  // A reload right after the rest left the wallet, before the server credited it (issue 28): the
  // session kept what had arrived when it was sent, so the page waits instead of offering it again.
  ["a reload right after the rest was sent waits for it, offering nothing", reloadOf(restSent), { type: "reloaded", payment: "pay_1", progress: UNDER }, { stage: "payment-screen", view: { underpaid: expect.objectContaining({ received: "40000000", waiting: true }) }, session: { hash: REST_HASH }, polling: true, effects: ["poll"] }],
  ["nor does Send the rest send it again after that reload", reloadedAfterRest, { type: "restPressed", canSend: true }, { pending: null, effects: [] }],
  ["after that reload, the server reports more but still short: the new shortfall is offered", reloadedAfterRest, { type: "progress", round: reloadedAfterRest.polling!.round, progress: UNDER_MORE }, { view: { underpaid: { received: "45000000", due: "4990000", expiresAt: EXPIRES } }, effects: ["poll"] }],
  ["after that reload, the rest arrived: paid", reloadOf(restSent), { type: "reloaded", payment: "pay_1", progress: { payment: "pay_1", status: "paid", hash: REST_HASH, receivedAmount: "49990000", amountDue: "0" } }, { stage: "result-screen", effects: ["poll"] }],
  ["a reload while the rest was still in the wallet offers it again (it never left)", reloadOf(sendingRest), { type: "reloaded", payment: "pay_1", progress: UNDER }, { view: { underpaid: expect.not.objectContaining({ waiting: true }) }, effects: ["poll"] }],
  ["a rest the chain refused is offered again after a reload", reloadOf(after(restOnItsWay, { type: "sendFailed", failure: { kind: "on-chain", message: "The network rejected the transaction" } })), { type: "reloaded", payment: "pay_1", progress: UNDER }, { view: { underpaid: expect.not.objectContaining({ waiting: true }) }, effects: ["poll"] }],
  ["trying again forgets the shortfall", after(underpaid, { type: "progress", round: 1, progress: { ...UNDER, status: "failed", failureReason: "underpaid" } }), { type: "startedOver" }, { stage: "details-screen", view: { underpaid: undefined }, effects: ["stop-polling"] }],
  // Reload.
  ["a reload asks how the session's payment is doing", fresh({ stage: "payment-screen", session: reloading.session }), opening(reloading), { pending: null, effects: ["fetch-product"] }],
  ["once the product is there", after(fresh({ stage: "payment-screen", session: reloading.session }), opening(reloading)), { type: "loaded", product: USD_PRODUCT }, { pending: "resume", effects: ["fetch-resume-progress"] }],
  ["a sent payment resumes on the payment screen, polling", reloading, { type: "reloaded", payment: "pay_1", progress: { payment: "pay_1", status: "initiated" } }, { stage: "payment-screen", flow: { currentState: "submitted", transactionInfo: INFO, transactionResult: expect.objectContaining({ hash: TX_HASH, payer: PAYER_ADDRESS }) }, polling: true, effects: ["poll"] }],
  ["a sent payment already validated resumes on its result", reloading, { type: "reloaded", payment: "pay_1", progress: { payment: "pay_1", status: "validated", hash: TX_HASH } }, { stage: "result-screen", polling: false, effects: [] }],
  ["a payment the wallet never sent goes back to the details", reloadingUnsent, { type: "reloaded", payment: "pay_1", progress: { payment: "pay_1", status: "initiated" } }, { stage: "details-screen", session: { sessionId: "s-1", info: null }, flow: { currentState: "init" }, effects: [] }],
  ["an unsent payment the server saw paid resumes", reloadingUnsent, { type: "reloaded", payment: "pay_1", progress: { payment: "pay_1", status: "paid", hash: TX_HASH } }, { stage: "result-screen", flow: { transactionResult: expect.objectContaining({ hash: TX_HASH }) }, effects: ["poll"] }],
  ["a QR payment shows its code again, polling now if unanswered", reloadingQr, { type: "reloaded", payment: "pay_1" }, { stage: "payment-screen", view: { qr: true }, polling: true, effects: ["poll"] }],
  ["an answer about another payment is ignored", reloading, { type: "reloaded", payment: "pay_other" }, { stage: "payment-screen", pending: "resume", effects: [] }],
  // Choices.
  ["no other option once a payment is under way", sending, { type: "optionPicked", token: "USDT" }, { view: { load: sending.view.load }, effects: [] }],
  ["the choice goes with the next start", connected, { type: "choiceChanged", choice: { amount: "5" } }, { effects: [] }],
];

describe("payPage (table)", () => {
  it.each(table)("%s", (_name, from, event, expected) => {
    const { state, effects } = payPage(from, event);
    expect(effects.map((e) => e.kind)).toEqual(expected.effects);
    if (expected.stage) expect(state.stage).toBe(expected.stage);
    if (expected.view) expect(state.view).toMatchObject(expected.view);
    if (expected.flow) expect(state.flow).toMatchObject(expected.flow);
    if (expected.session) expect(state.session).toMatchObject(expected.session);
    if (expected.pending !== undefined) expect(state.pending?.kind ?? null).toBe(expected.pending);
    if (expected.polling !== undefined) expect(state.polling !== null).toBe(expected.polling);
  });

  it("starts with the wallet's payer, the option, the session id and the payer's choice", () => {
    const { effects } = payPage(after(connected, { type: "choiceChanged", choice: { amount: "5" } }), { type: "payPressed", canSend: true });
    expect(effects).toEqual([{ kind: "start-payment", request: { chainId: -5001, token: "USDC", payer: PAYER_ADDRESS, sessionId: "s-1" } }]);
    expect(payPage(opened, { type: "qrPressed" }).effects).toEqual([{ kind: "start-payment", request: { chainId: -5001, token: "USDC", sessionId: "s-1" } }]);
  });

  it("checks the wallet with the product, its chain and the session id", () => {
    expect(payPage(opened, { type: "walletChanged", address: PAYER_ADDRESS }).effects).toEqual([
      { kind: "check-sanction", key: `pay:${PAYER_ADDRESS}`, request: { wallet: PAYER_ADDRESS, payment: USD_PRODUCT.id, type: "quick-pay", chain: -5001 }, sessionId: "s-1" },
    ]);
  });

  it("a cancel reads as cancelled, in its own words in English and French, never as failed", () => {
    const result = resultOf(cancelled.flow);
    expect(isCancelled(result)).toBe(true);
    const words = resultWords(result);
    expect(words).toEqual({ title: "result.cancelledTitle", body: "result.cancelledBody" });
    for (const key of Object.values(words)) {
      expect(hasKey(enPay, key), `en ${key}`).toBe(true);
      expect(hasKey(frPay, key), `fr ${key}`).toBe(true);
    }
    // A failure is still a failure, and a cancel after sending (hash known) is no cancel.
    expect(isCancelled(resultOf(walletFailed.flow))).toBe(false);
    expect(isCancelled({ status: "failed", hash: TX_HASH, reason: PAYER_CANCELLED })).toBe(false);
  });

  it("sends exactly what is due, to the same payment, reference and memo, from the wallet connected now", () => {
    const { effects } = payPage(underpaid, { type: "restPressed", canSend: true });
    expect(effects).toEqual([{ kind: "send", rest: true, info: { ...INFO, amountWei: "9990000", amount: "9.99" } }]);
  });

  it("the partly paid screen has its words in English and French", () => {
    for (const key of UNDERPAID_WORDS) {
      expect(hasKey(enPay, key), `en ${key}`).toBe(true);
      expect(hasKey(frPay, key), `fr ${key}`).toBe(true);
    }
  });

  it("reads partly paid only from an open payment with something in and something due", () => {
    expect(underpaidOf(UNDER)).toEqual({ received: "40000000", due: "9990000", expiresAt: EXPIRES });
    // An older server without amountDue: requested less received.
    expect(underpaidOf({ ...UNDER, amountDue: undefined })).toMatchObject({ due: "9990000" });
    for (const progress of [{ ...UNDER, status: "paid" as const }, { ...UNDER, status: "failed" as const }, { ...UNDER, amountMismatch: "over" as const }, { ...UNDER, receivedAmount: "0" }, { ...UNDER, amountDue: "0" }, { ...UNDER, amountDue: "-1" }, { ...UNDER, receivedAmount: undefined }, undefined]) {
      expect(underpaidOf(progress)).toBeUndefined();
    }
  });

  it("never changes the state it is given", () => {
    const before = structuredClone(following);
    payPage(following, { type: "progress", round: 1, progress: { payment: "pay_1", status: "paid" } });
    payPage(following, { type: "startedOver" });
    expect(following).toEqual(before);
  });
});

// ——— Properties: the machine in a simulated world that answers its effects in any order. ———

const ANSWERED = ["fetch-product", "fetch-resume-progress", "check-sanction", "ask-faucet", "start-payment", "send", "poll", "list-swap-assets", "ask-swap-quote", "send-swap"] as const;
type Waiting = Extract<PayEffect, { kind: (typeof ANSWERED)[number] }>;

interface World {
  page: PayPageState;
  /** Effects whose answer has not come yet (a poll stopped meanwhile may still answer: stale). */
  waiting: Waiting[];
  starts: number;
  /** Each rest the page asked the wallet for, with the page as it was then. */
  rests?: { effect: Extract<PayEffect, { kind: "send" }>; before: PayPageState }[];
  /**
   * A rest that left the wallet (its hash known), by payment, with what had arrived when it was
   * pressed: no rest for that payment may be asked for again until the server reports more (or
   * the chain refused it).
   */
  gate?: { payment: string; received: bigint } | null;
}

const isAnswered = (e: PayEffect): e is Waiting => (ANSWERED as readonly string[]).includes(e.kind);

function deliver(world: World, event: PayEvent): World {
  const before = world.page;
  const { state, effects } = payPage(before, event);
  const rests = effects.filter((e): e is Extract<PayEffect, { kind: "send" }> => e.kind === "send" && e.rest === true).map((effect) => ({ effect, before }));
  let gate = world.gate ?? null;
  const pendingRest = before.pending?.kind === "send" && before.pending.rest ? before.pending : undefined;
  if (pendingRest && event.type === "sent" && before.view.underpaid) gate = { payment: pendingRest.info.payment, received: BigInt(before.view.underpaid.received) };
  if (pendingRest && event.type === "sendFailed" && event.failure.kind === "on-chain") gate = null;
  if (gate && event.type === "progress" && event.progress.payment === gate.payment && (event.progress.status !== "initiated" || BigInt(event.progress.receivedAmount ?? "0") > gate.received)) gate = null;
  return { ...world, page: state, waiting: [...world.waiting, ...effects.filter(isAnswered)], rests: [...(world.rests ?? []), ...rests], gate };
}

const PROGRESSES: (PaymentProgress | undefined)[] = [
  undefined,
  { payment: "", status: "initiated" },
  { payment: "", status: "paid", hash: TX_HASH },
  { payment: "", status: "validated", hash: TX_HASH, explorerUrl: "https://x.example/tx" },
  // Partly paid (issue 28): some arrived, more arrived, still short.
  { payment: "", status: "initiated", receivedAmount: "40000000", amountMismatch: "under", amountDue: "9990000", expiresAt: "2026-11-22T19:00:00.000Z" },
  { payment: "", status: "initiated", receivedAmount: "45000000", amountMismatch: "under", amountDue: "4990000", expiresAt: "2026-11-22T19:00:00.000Z" },
  ...[...SERVER_REASONS, "a reason the server never gave", undefined].map((failureReason): PaymentProgress => ({ payment: "", status: "failed", ...(failureReason ? { failureReason } : {}) })),
];
const SWAP_SEND_FAILURES: SendFailure[] = [...Object.values(SWAP_FAILURES).map(swapFailure), { kind: "cancelled" }, { kind: "wallet", message: "Wallet disconnected" }, { kind: "on-chain", message: "The network rejected the swap" }];
const FAILURES: SendFailure[] = [
  { kind: "insufficient", asset: "token", available: "1", needed: "2" },
  { kind: "wallet", message: "User rejected the request." },
  { kind: "wallet", message: "" },
  { kind: "on-chain", message: "The network rejected the transaction" },
  { kind: "cancelled" },
];

/** The world's answer number `outcome` to `effect`; the effect stays waiting when more answers follow. */
function answer(world: World, index: number, outcome: number): World {
  const effect = world.waiting[index % world.waiting.length]!;
  const rest = world.waiting.filter((w) => w !== effect);
  const w = { ...world, waiting: rest };
  const progress = PROGRESSES[outcome % PROGRESSES.length];
  switch (effect.kind) {
    case "fetch-product":
      return deliver(w, outcome % 4 === 3 ? { type: "loadFailed", gone: outcome % 2 === 0, message: "down" } : { type: "loaded", product: USD_PRODUCT });
    case "fetch-resume-progress":
      return deliver(w, { type: "reloaded", payment: effect.payment, ...(progress ? { progress: { ...progress, payment: effect.payment } } : {}) });
    case "check-sanction":
      return deliver(w, { type: "sanctionAnswered", key: effect.key, wallet: effect.request.wallet, passed: [true, true, false, null][outcome % 4]! });
    case "ask-faucet":
      return deliver(w, outcome % 2 ? { type: "faucetAnswered", grant: FAUCET_GRANT } : { type: "faucetFailed", message: "Try again later." });
    case "start-payment": {
      if (outcome % 4 === 3) return deliver(w, { type: "refused", alreadyPaid: outcome % 8 === 7, message: "This link was disabled" });
      const starts = world.starts + 1;
      return deliver({ ...w, starts }, { type: "started", info: paymentInfoFor(USD_PRODUCT, `pay_${starts}`) });
    }
    case "send": {
      const steps: PayEvent[] = [{ type: "approving" }, { type: "approved" }, { type: "sent", hash: TX_HASH }];
      const step = outcome % (steps.length + 1 + FAILURES.length);
      if (step < steps.length) return deliver({ ...w, waiting: world.waiting }, steps[step]!);
      if (step === steps.length) return deliver(w, { type: "sendDone" });
      return deliver(w, { type: "sendFailed", failure: FAILURES[step - steps.length - 1]! });
    }
    case "list-swap-assets":
      return deliver(w, outcome % 4 === 3 ? { type: "swapListFailed", wallet: effect.wallet } : { type: "swapListed", wallet: effect.wallet, holdings: outcome % 4 === 2 ? [] : SWAP_HOLDINGS });
    case "ask-swap-quote": {
      const codes = [undefined, ...Object.values(SWAP_FAILURES)];
      const code = codes[outcome % (codes.length + 2)];
      if (outcome % (codes.length + 2) >= codes.length) return deliver(w, { type: "swapQuoted", answer: swapAnswerFor(SWAP_HOLDINGS.find((h) => h.mint === effect.fromAsset)) });
      return deliver(w, { type: "swapQuoteFailed", message: "Payment expired", ...(code ? { code } : {}) });
    }
    case "send-swap": {
      const steps: PayEvent[] = [{ type: "swapRefreshing" }, { type: "swapRefreshed", answer: effect.answer }, { type: "sent", hash: TX_HASH }];
      const step = outcome % (steps.length + 1 + SWAP_SEND_FAILURES.length);
      if (step < steps.length) return deliver({ ...w, waiting: world.waiting }, steps[step]!);
      if (step === steps.length) return deliver(w, { type: "sendDone" });
      return deliver(w, { type: "sendFailed", failure: SWAP_SEND_FAILURES[step - steps.length - 1]! });
    }
    case "poll":
      return deliver(w, progress ? { type: "progress", round: effect.round, progress: { ...progress, payment: effect.payment } } : { type: "progressFailed", round: effect.round });
  }
}

/** A reload: the page and its requests are gone; the stage and the session were kept, the flow was in memory. */
function reload(world: World): World {
  const page = initialPayPage({ productId: USD_PRODUCT.id, stage: world.page.stage, session: world.page.session });
  // The gate stays: a rest sent just before the reload is not asked for again after it either.
  return deliver({ ...world, page, waiting: [] }, opening(page));
}

const arbPayerEvent: fc.Arbitrary<PayEvent> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ type: fc.constant("walletChanged" as const), address: fc.constantFrom(PAYER_ADDRESS, PAYER_ADDRESS, OTHER, null) }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant("payPressed" as const), canSend: fc.constantFrom(true, true, true, false) }) },
  { weight: 2, arbitrary: fc.constant<PayEvent>({ type: "qrPressed" }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("restPressed" as const), canSend: fc.constantFrom(true, true, false) }) },
  { weight: 2, arbitrary: fc.constant<PayEvent>({ type: "startedOver" }) },
  fc.constant<PayEvent>({ type: "faucetAsked" }),
  fc.constant<PayEvent>({ type: "sanctionRetried" }),
  fc.constant<PayEvent>({ type: "optionPicked", token: "USDC" }),
  fc.constant<PayEvent>({ type: "closed" }),
  { weight: 2, arbitrary: fc.constant<PayEvent>({ type: "swapOpened" }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("swapPicked" as const), mint: fc.constantFrom(SOL_HOLDING.mint, USDT_HOLDING.mint, "unheld") }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("swapPayPressed" as const), canSend: fc.constantFrom(true, true, false) }) },
  fc.constant<PayEvent>({ type: "swapClosed" }),
);
type Command = { do: "payer"; event: PayEvent } | { do: "open" } | { do: "answer"; index: number; outcome: number } | { do: "reload" };
const arbCommand: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: arbPayerEvent.map((event): Command => ({ do: "payer", event })) },
  { weight: 1, arbitrary: fc.constant<Command>({ do: "open" }) },
  { weight: 5, arbitrary: fc.record({ do: fc.constant("answer" as const), index: fc.nat(20), outcome: fc.nat(100) }) },
  { weight: 1, arbitrary: fc.constant<Command>({ do: "reload" }) },
);
const arbCommands = fc.array(arbCommand, { maxLength: 60, size: "max" });
/** The same with the payer pressing "send the rest" often, so the runs reach what follows a rest. */
const arbRestCommands = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: arbCommand },
    { weight: 2, arbitrary: fc.record({ type: fc.constant("restPressed" as const), canSend: fc.constant(true) }).map((event): Command => ({ do: "payer", event })) },
  ),
  { maxLength: 60, size: "max" },
);
/** The same with the payer picking tokens and pressing Pay often, so the runs reach quotes and swaps. */
const arbSwapCommands = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: arbCommand },
    { weight: 2, arbitrary: fc.constantFrom<PayEvent>({ type: "swapPicked", mint: SOL_HOLDING.mint }, { type: "swapPayPressed", canSend: true }, { type: "swapOpened" }).map((event): Command => ({ do: "payer", event })) },
  ),
  { maxLength: 60, size: "max" },
);
/** Enough runs to reach the deep states (a wallet that passed, a payment sent, a reload mid-way). */
const RUNS = { numRuns: 400 };

function step(world: World, command: Command): World {
  if (command.do === "payer") return deliver(world, command.event);
  if (command.do === "open") return deliver(world, opening(world.page));
  if (command.do === "reload") return reload(world);
  return world.waiting.length ? answer(world, command.index, command.outcome) : world;
}

/** Every world a run of commands goes through, from a page just opened (or from `start`). */
function worlds(commands: Command[], start?: World): World[] {
  const first = fresh();
  // The product is asked for first: answered at once, so the runs spend their commands on paying.
  const all = [start ?? answer(deliver({ page: first, waiting: [], starts: 0 }, opening(first)), 0, 0)];
  for (const command of commands) all.push(step(all.at(-1)!, command));
  return all;
}

/** A wallet payment partly paid, its next poll waiting: the runs that start here spend their commands on the rest. */
const partlyPaid = (): World => {
  const { state, effects } = payPage(following, { type: "progress", round: 1, progress: { ...UNDER, payment: INFO.payment } });
  return { page: state, waiting: effects.filter(isAnswered), starts: 1 };
};
/** The same once its rest left the wallet (hash known) and the server is asked again. */
const restJustSent = (): World => {
  const { state, effects } = payPage(restOnItsWay, { type: "sendDone" });
  return { page: state, waiting: effects.filter(isAnswered), starts: 1, gate: { payment: INFO.payment, received: 40_000_000n } };
};

function hasKey(translations: unknown, key: string): boolean {
  const value = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), translations);
  return typeof value === "string" && value.length > 0;
}

describe("payPage (properties)", () => {
  it("never has two starts in flight: one start or one send at a time", () => {
    fc.assert(
      fc.property(arbCommands, (commands) => {
        for (const world of worlds(commands)) {
          expect(world.waiting.filter((e) => e.kind === "start-payment" || e.kind === "send" || e.kind === "ask-swap-quote" || e.kind === "send-swap").length).toBeLessThanOrEqual(1);
        }
      }),
      RUNS,
    );
  });

  it("polls one round at a time", () => {
    fc.assert(
      fc.property(arbCommands, (commands) => {
        for (const { page, waiting } of worlds(commands)) {
          expect(waiting.filter((e) => e.kind === "poll" && e.round === page.polling?.round).length).toBeLessThanOrEqual(1);
          if (!page.active) expect(page.polling).toBeNull();
        }
      }),
      RUNS,
    );
  });

  it("shows the spinner exactly while a start or a send is under way: a refused start never leaves one", () => {
    fc.assert(
      fc.property(arbCommands, (commands) => {
        for (const { page } of worlds(commands)) {
          expect(page.view.starting).toBe(page.pending?.kind === "start" || page.pending?.kind === "send" || page.pending?.kind === "quote");
        }
      }),
      RUNS,
    );
    const refused = payPage(starting, { type: "refused", alreadyPaid: false, message: "" }).state;
    expect(refused.view.starting).toBe(false);
  });

  it("resumes the same payment after a reload, even when the server cannot be reached", () => {
    fc.assert(
      fc.property(arbCommands, (commands) => {
        const before = worlds(commands).at(-1)!;
        const { session, stage } = before.page;
        let after = reload(before);
        // The product arrives; the payment's progress does not (network down).
        after = deliver({ ...after, waiting: [] }, { type: "loaded", product: USD_PRODUCT });
        if (after.page.pending?.kind === "resume") after = deliver(after, { type: "reloaded", payment: after.page.pending.payment });
        const page = after.page;
        const resumable = session.productId === USD_PRODUCT.id && session.info !== null && stage !== "details-screen";
        if (resumable && (session.hash !== null || session.payer === null)) {
          expect(page.stage).not.toBe("details-screen");
          expect(page.flow.transactionInfo?.payment).toBe(session.info!.payment);
          expect(page.session.info?.payment).toBe(session.info!.payment);
          expect(page.polling?.payment).toBe(session.info!.payment);
          expect(page.view.qr ?? false).toBe(session.payer === null);
        } else {
          // Nothing sent to resume: the details, and no payment followed.
          expect(page.stage).toBe("details-screen");
          expect(page.polling).toBeNull();
        }
      }),
      RUNS,
    );
  });

  it("asks for the rest only of a partly paid payment, exactly what is due, to the same payment, never twice for one shortfall", () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.constantFrom("opened", "partly paid", "rest sent"), arbRestCommands, (from, commands) => {
        const all = worlds(commands, from === "partly paid" ? partlyPaid() : from === "rest sent" ? restJustSent() : undefined);
        for (let i = 1; i < all.length; i++) {
          const fresh = (all[i]!.rests ?? []).slice((all[i - 1]!.rests ?? []).length);
          for (const { effect, before } of fresh) {
            seen++;
            const shown = before.view.underpaid;
            const info = before.session.info!;
            expect(shown?.waiting).toBeFalsy();
            expect(before.view.qr ?? false).toBe(false);
            expect(effect.info.amountWei).toBe(shown!.due);
            expect({ payment: effect.info.payment, reference: effect.info.reference, memo: effect.info.memo, address: effect.info.address }).toEqual({
              payment: info.payment,
              reference: info.reference,
              memo: info.memo,
              address: info.address,
            });
            // The rest already sent for this shortfall is not asked for again.
            const gate = all[i - 1]!.gate;
            if (gate) expect(gate.payment === info.payment && BigInt(shown!.received) <= gate.received).toBe(false);
          }
          // A rest that did not leave the wallet never drops the payment: it stays open on the payment screen.
          const { page } = all[i]!;
          if (page.view.underpaid) expect(page.session.info).not.toBeNull();
        }
      }),
      RUNS,
    );
    // The runs reach the partly paid screen and press "send the rest" (the property is not vacuous).
    expect(seen).toBeGreaterThan(0);
  });

  it("paying with another token: no spinner of its own without its answer waiting, every failure in words, the payment payable after one", () => {
    let quoted = 0;
    fc.assert(
      fc.property(fc.boolean(), arbSwapCommands, (fromList, commands) => {
        const all = worlds(commands, fromList ? { page: swapList, waiting: [], starts: 0 } : undefined);
        for (const { page, waiting } of all) {
          // The rules of every payment hold here too: one start, quote or send at a time, the spinner exactly then.
          expect(waiting.filter((e) => e.kind === "start-payment" || e.kind === "send" || e.kind === "ask-swap-quote" || e.kind === "send-swap").length).toBeLessThanOrEqual(1);
          expect(page.view.starting).toBe(page.pending?.kind === "start" || page.pending?.kind === "send" || page.pending?.kind === "quote");
          if (page.stage === "result-screen") expect(page.view.starting).toBe(false);
          const swap = page.view.swap;
          if (swap?.step === "listing") expect(waiting.some((e) => e.kind === "list-swap-assets")).toBe(true);
          if (swap?.step === "quoting") expect(page.pending?.kind === "start" || page.pending?.kind === "quote").toBe(true);
          if (swap?.step === "paying") expect(page.pending?.kind === "send" && page.pending.swap).toBe(true);
          if (swap?.step === "quote") quoted++;
          if (page.view.notice?.kind === "swap-failed") {
            const code = page.view.notice.code;
            expect(hasKey(enErrors, `codes.${code}`), `en ${code}`).toBe(true);
            expect(hasKey(frErrors, `codes.${code}`), `fr ${code}`).toBe(true);
            // Nothing was paid: the details, free to pay again (no start nor send left hanging).
            expect(page.stage).toBe("details-screen");
            if (!page.pending) expect(page.view.starting).toBe(false);
          }
        }
      }),
      RUNS,
    );
    // The runs reach a quote (the property is not vacuous).
    expect(quoted).toBeGreaterThan(0);
  });

  it("every terminal state shows its words, in English and in French", () => {
    fc.assert(
      fc.property(arbCommands, (commands) => {
        for (const { page } of worlds(commands)) {
          if (page.stage !== "result-screen") continue;
          const words = resultWords(resultOf(page.flow));
          for (const key of Object.values(words)) {
            expect(hasKey(enPay, key), `en ${key}`).toBe(true);
            expect(hasKey(frPay, key), `fr ${key}`).toBe(true);
          }
          expect(page.view.starting).toBe(false);
        }
      }),
      RUNS,
    );
  });
});
