import type { FaucetGrant, PayableProduct, PaymentProgress, PaymentTransactionInfo, StartPaymentRequest } from "@/lib/pay-api";
import type { PayerChoice } from "@/lib/pay-choice";
import type { SwapAnswer, SwapFailure } from "@/lib/swap-api";
import type { PaymentSession, PaymentStage, TransactionFlow } from "@/stores/payment";
import type { PayFamily, PayOption } from "./pay-option";
import type { Underpaid } from "./pay-result";

/**
 * The pay page's state, events and effects (docs/architecture.md "The pay page's state
 * machine"). Plain data only: the machine (pay-page-machine.ts) decides, the runner
 * (pay-page-runner.ts) does the I/O and writes the stores.
 */

export type PayLoad =
  | { kind: "loading" }
  | { kind: "not-found" }
  | { kind: "unsupported" }
  | { kind: "error"; message: string }
  | { kind: "ready"; product: PayableProduct; option: PayOption };

/** SPEC §5/§8: 'passed' lets the payer pay; 'failed' and 'unavailable' block paying with their messages. */
export type SanctionStatus = "idle" | "checking" | "passed" | "failed" | "unavailable";

export type FaucetStatus = { status: "idle" } | { status: "sending" } | { status: "granted"; grant: FaucetGrant } | { status: "failed"; message: string };

/** Something to tell the payer on the details screen before (re)trying. Amounts are base units. */
export type PayNotice =
  | { kind: "insufficient-token"; available: string; needed: string }
  | { kind: "insufficient-fee" }
  | { kind: "error"; message: string }
  /** A swap that failed (issue 26): its words are the code's, in the `errors` namespace. */
  | { kind: "swap-failed"; code: SwapFailure };

/** A token the connected wallet holds that the swap provider takes (issue 26); `balance` in its base units. */
export interface SwapHolding {
  symbol: string;
  mint: string;
  decimals: number;
  native: boolean;
  balance: string;
}

/**
 * "Pay with another token" (issue 26), on the details screen: the wallet's holdings being read,
 * the list, a quote being asked for, the quote shown, then the wallet asked to sign it (`paying`;
 * `refreshing` while a stale quote is asked again first).
 */
export type SwapView =
  | { step: "listing" }
  /** `unavailable`: the balances could not be read (the list is empty then). */
  | { step: "list"; holdings: SwapHolding[]; unavailable?: boolean }
  | { step: "quoting"; holdings: SwapHolding[]; holding: SwapHolding }
  | { step: "quote"; holdings: SwapHolding[]; holding: SwapHolding; answer: SwapAnswer }
  | { step: "paying"; holdings: SwapHolding[]; holding: SwapHolding; answer: SwapAnswer; refreshing?: boolean };

/** What the page draws besides the stores (the `$state` of the pay flow). */
export interface PayFlowState {
  load: PayLoad;
  /** The connected wallet's address. */
  wallet: string | null;
  sanction: SanctionStatus;
  faucet: FaucetStatus;
  notice: PayNotice | null;
  /** The start call is in flight (the Pay button is busy). */
  starting: boolean;
  /** The payment started is a Solana Pay QR payment, waiting for a phone wallet (nothing connected here). */
  qr?: boolean;
  /**
   * EVM: the token allowance the payment needs — asked of the wallet first ('needed'), then given
   * ('done'); unset when the allowance was already there, and on Solana.
   */
  approval?: "needed" | "done";
  /**
   * Part of the payment arrived and the rest is still due (issue 28): the payment screen says how
   * much and until when, and offers to send the rest (a QR payment shows the rest's code).
   */
  underpaid?: UnderpaidView;
  /** Paying with another token (Solana, issue 26); unset while the payer pays directly. */
  swap?: SwapView;
}

/**
 * What the page shows of a partly paid payment. `waiting`: the rest was sent (or is being sent)
 * from here; until the server reports more than `received`, the page waits for it rather than
 * offering the same rest again (no paying the shortfall twice).
 */
export type UnderpaidView = Underpaid & { waiting?: boolean };

/** What the machine waits for, besides polling: one start at a time, then (wallet payments) one send. */
export type PayPending =
  /** `swap`: started to pay with that token (its mint): a quote is asked for next, not the wallet. */
  | { kind: "start"; payer: string | null; swap?: string }
  /** The swap route is asked for a quote for a started payment. */
  | { kind: "quote"; info: PaymentTransactionInfo; payer: string; fromAsset: string }
  /** `rest`: the rest of a partly paid payment (its failures keep the payment open). */
  | { kind: "send"; info: PaymentTransactionInfo; payer: string; hash?: string; rest?: boolean; swap?: boolean }
  | { kind: "resume"; payment: string };

export interface PayPageState {
  productId: string;
  /** The chain family this page pays in; default the product's first. */
  family?: PayFamily;
  /** The product the served HTML already shows: no fetch. */
  served?: PayableProduct;
  view: PayFlowState;
  /** Projected to the persisted stores: the screen, this tab's session, the transaction flow. */
  stage: PaymentStage;
  session: PaymentSession;
  flow: TransactionFlow;
  /** Sanction answers per `transactionType:wallet` (SPEC §4: checked once per transaction type). */
  sanctions: Readonly<Record<string, boolean>>;
  /** The page is mounted: polling runs only then. */
  active: boolean;
  /** The product was asked for (once per page). */
  loadAsked: boolean;
  /** The payment being followed, and the round of polling (answers of an older round are stale). */
  polling: { payment: string; round: number } | null;
  rounds: number;
  pending: PayPending | null;
  /** The payer's choice on the page (donation amount and note, cart quantities), sent with the start. */
  choice: PayerChoice;
  /**
   * The payment started to pay with another token, kept while the payer compares tokens or gets a
   * fresh quote (one payment, not one per quote); `key` is what it was started for (a changed
   * amount or option starts another).
   */
  swapPayment?: { info: PaymentTransactionInfo; payer: string; key: string };
}

/** What the stores held when the page opened (after a reload: the persisted stage and session). */
export interface PayPersisted {
  stage: PaymentStage;
  session: PaymentSession;
  flow: TransactionFlow;
}

/** Why the wallet did not finish sending, as the runner classifies the sender's error. */
export type SendFailure =
  | { kind: "insufficient"; asset: "token" | "native"; available: string; needed: string }
  | { kind: "on-chain"; message: string }
  | { kind: "wallet"; message: string }
  /** The payer declined in their wallet (wallet-rejection.ts): nothing was sent. */
  | { kind: "cancelled" }
  /** A swap the chain or the route refused in a way the payer can act on: nothing was paid. */
  | { kind: "swap"; code: SwapFailure; message: string };

export type PayEvent =
  // The page and the payer.
  | { type: "opened"; persisted: PayPersisted }
  | { type: "closed" }
  | { type: "choiceChanged"; choice: PayerChoice }
  | { type: "walletChanged"; address: string | null }
  | { type: "optionPicked"; chainId?: number; token?: string }
  | { type: "sanctionRetried" }
  | { type: "faucetAsked" }
  | { type: "payPressed"; canSend: boolean }
  /** "Send the rest" of a partly paid payment, from the connected wallet. */
  | { type: "restPressed"; canSend: boolean }
  | { type: "qrPressed" }
  | { type: "startedOver" }
  // Paying with another token (issue 26).
  | { type: "swapOpened" }
  | { type: "swapClosed" }
  | { type: "swapPicked"; mint: string }
  | { type: "swapPayPressed"; canSend: boolean }
  // Answers to effects.
  | { type: "loaded"; product: PayableProduct }
  | { type: "loadFailed"; gone: boolean; message: string }
  | { type: "reloaded"; payment: string; progress?: PaymentProgress }
  | { type: "sanctionAnswered"; key: string; wallet: string; passed: boolean | null }
  | { type: "faucetAnswered"; grant: FaucetGrant }
  | { type: "faucetFailed"; message: string }
  | { type: "started"; info: PaymentTransactionInfo }
  | { type: "refused"; alreadyPaid: boolean; message: string }
  | { type: "approving" }
  | { type: "approved" }
  | { type: "sent"; hash: string }
  | { type: "sendDone" }
  | { type: "sendFailed"; failure: SendFailure }
  | { type: "progress"; round: number; progress: PaymentProgress }
  | { type: "progressFailed"; round: number }
  | { type: "swapListed"; wallet: string; holdings: SwapHolding[] }
  | { type: "swapListFailed"; wallet: string }
  | { type: "swapQuoted"; answer: SwapAnswer }
  /** `code` for the failures the page words (no route, not enough balance); else the server's message. */
  | { type: "swapQuoteFailed"; code?: SwapFailure; message: string }
  /** The quote went stale before signing: it is asked again (then `swapRefreshed`). */
  | { type: "swapRefreshing" }
  | { type: "swapRefreshed"; answer: SwapAnswer };

export type PayEffect =
  | { kind: "fetch-product" }
  /** The session's payment's progress after a reload (answer: `reloaded`, progress unset on failure). */
  | { kind: "fetch-resume-progress"; payment: string }
  | { kind: "check-sanction"; key: string; request: { wallet: string; payment: string; type: PayableProduct["type"]; chain: number }; sessionId: string }
  | { kind: "ask-faucet"; request: { chain: number; address: string; token: string } }
  | { kind: "start-payment"; request: StartPaymentRequest }
  /** The wallet sends the payment (answers: approving, approved, sent, then sendDone or sendFailed). */
  | { kind: "send"; info: PaymentTransactionInfo; rest?: boolean }
  /** The wallet's holdings of what the swap provider takes, on `chain`, but the payment's own token (answer: swapListed or swapListFailed). */
  | { kind: "list-swap-assets"; wallet: string; chain: number; exclude: string }
  /** The swap route's quote for paying `info` with `fromAsset` (answer: swapQuoted or swapQuoteFailed). */
  | { kind: "ask-swap-quote"; info: PaymentTransactionInfo; payer: string; fromAsset: string }
  /** The wallet signs and sends the quoted swap, a stale quote asked again first (answers as `send`, plus swapRefreshing/swapRefreshed). */
  | { kind: "send-swap"; info: PaymentTransactionInfo; payer: string; fromAsset: string; answer: SwapAnswer }
  /** SPEC §8: after an EVM failure the connector is reset and the wallet cleared. */
  | { kind: "reset-wallet" }
  /** Ask the payment's progress now or after one interval (answer: progress or progressFailed). */
  | { kind: "poll"; payment: string; round: number; wait: boolean }
  | { kind: "stop-polling" }
  /** The start was refused: the server's message (or the fallback words) as an error toast. */
  | { kind: "toast-start-refused"; message: string }
  /** SPEC §8: the wallet's message as an error toast; for the address errors, a hint later. */
  | { kind: "toast-wallet-failed"; message: string };

export interface PayTransition {
  state: PayPageState;
  effects: PayEffect[];
}
