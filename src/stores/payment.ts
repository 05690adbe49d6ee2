import { atom, type WritableAtom } from "nanostores";
import { persistentAtom } from "@nanostores/persistent";
import { keepInSessionStorage } from "./storage-engine";
import type { PaymentFlowState, PaymentProgress, PaymentTransactionInfo } from "@/lib/pay-api";
import { $paymentStage, persistentPaymentStage, type PaymentStage } from "./payment-stage";

export { DEFAULT_PAYMENT_STAGE, PAYMENT_STAGE_KEY, PAYMENT_STAGES, type PaymentStage } from "./payment-stage";

/** SPEC §3 Transaction flow state: transactionType accepts only these (SPEC §4). */
export type TransactionType = "pay" | "call_deploy";

export interface TransactionFlow {
  transactionType: TransactionType | null;
  userInstructions: { show: boolean; shown: boolean; should: boolean };
  transactionInfo: PaymentTransactionInfo | null;
  currentState: PaymentFlowState;
  /** Hash and payer once sent; the server's progress once polled; the reason once failed. */
  transactionResult: { hash?: string; payer?: string; progress?: PaymentProgress; error?: string } | null;
}

/** The pay page's session (sessionStorage): its id, and the payment it started, so a reload resumes it. */
export interface PaymentSession {
  sessionId: string;
  productId: string | null;
  info: PaymentTransactionInfo | null;
  hash: string | null;
  /** The connected wallet that started it; null with a payment means a Solana Pay QR payment. */
  payer: string | null;
  /**
   * The rest of a partly paid payment left this tab's wallet (issue 28): base units received and
   * due when it was sent. A reload before the server credits it waits for it (until the server
   * reports more than `received`) instead of offering the same rest again.
   */
  restSent?: { received: string; due: string };
}

/** sessionStorage key of the pay page's session (JSON): one tab's payment, never another tab's. */
export const PAYMENT_SESSION_KEY = "zpay.payment.session";
keepInSessionStorage(PAYMENT_SESSION_KEY);

function newSessionId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Reads a stored session field by field; without a usable session id it starts a fresh session. */
function decodePaymentSession(raw: string | null | undefined, fresh: () => PaymentSession): PaymentSession {
  if (!raw) return fresh();
  try {
    const v = JSON.parse(raw) as Partial<PaymentSession> | null;
    if (!v || typeof v.sessionId !== "string" || !v.sessionId) return fresh();
    return {
      sessionId: v.sessionId,
      productId: typeof v.productId === "string" ? v.productId : null,
      info: v.info && typeof v.info === "object" && typeof v.info.payment === "string" ? v.info : null,
      hash: typeof v.hash === "string" ? v.hash : null,
      payer: typeof v.payer === "string" ? v.payer : null,
      ...(isRestSent(v.restSent) ? { restSent: { received: v.restSent.received, due: v.restSent.due } } : {}),
    };
  } catch {
    return fresh();
  }
}

function isRestSent(v: unknown): v is NonNullable<PaymentSession["restSent"]> {
  const units = (x: unknown) => typeof x === "string" && /^\d+$/.test(x);
  return typeof v === "object" && v !== null && units((v as { received?: unknown }).received) && units((v as { due?: unknown }).due);
}

/** The pay page's session persisted in this tab's sessionStorage; a new id when none is kept. */
export function persistentPaymentSession(makeId: () => string = newSessionId): WritableAtom<PaymentSession> {
  const fresh = (): PaymentSession => ({ sessionId: makeId(), productId: null, info: null, hash: null, payer: null });
  const $session = persistentAtom<PaymentSession>(PAYMENT_SESSION_KEY, fresh(), {
    encode: JSON.stringify,
    decode: (raw) => decodePaymentSession(raw, fresh),
    listen: false, // sessionStorage belongs to this tab: no other tab changes it
  });
  $session.set($session.get()); // keep a generated id across reloads
  return $session;
}

/** A flow at rest: type 'pay', instructions still to be shown (SPEC §4). */
export function initialTransactionFlow(): TransactionFlow {
  return {
    transactionType: "pay",
    userInstructions: { show: false, shown: false, should: true },
    transactionInfo: null,
    currentState: "init",
    transactionResult: null,
  };
}

/** The flow once its type is set; anything but 'pay' and 'call_deploy' is ignored (SPEC §4). */
export function flowOfType(flow: TransactionFlow, type: string): TransactionFlow {
  return (type === "pay" || type === "call_deploy") && flow.transactionType !== type ? { ...flow, transactionType: type } : flow;
}

/** The flow moved to `state`, `result` merged into the transaction result (null clears it). */
export function flowInState(flow: TransactionFlow, state: PaymentFlowState, patch: { info?: PaymentTransactionInfo | null; result?: TransactionFlow["transactionResult"] } = {}): TransactionFlow {
  return {
    ...flow,
    currentState: state,
    transactionInfo: patch.info === undefined ? flow.transactionInfo : patch.info,
    transactionResult: patch.result === undefined ? flow.transactionResult : patch.result && { ...flow.transactionResult, ...patch.result },
  };
}

/** The flow after a move to `stage`: back on the details screen with no transaction type, it resets (SPEC §4). */
export function flowOnStage(flow: TransactionFlow, stage: PaymentStage): TransactionFlow {
  return stage === "details-screen" && !flow.transactionType ? initialTransactionFlow() : flow;
}

/** The session once it started a payment for `productId` (the hash comes later). */
export function sessionWithPayment(session: PaymentSession, productId: string, info: PaymentTransactionInfo, payer: string | null): PaymentSession {
  const { restSent: _previousPayments, ...rest } = session;
  return { ...rest, productId, info, payer, hash: null };
}

/** The session without its payment (the session id stays). */
export function sessionWithoutPayment(session: PaymentSession): PaymentSession {
  const { restSent: _thatPayments, ...rest } = session;
  return { ...rest, productId: null, info: null, hash: null, payer: null };
}

/**
 * The pay page's stores. By default the stage and session are persisted (localStorage and
 * sessionStorage, see storage-engine.ts); stories pass in-memory atoms of their own. The pay
 * page's runner (components/pay/pay-page-runner.ts) writes them as the projection of its state
 * machine; the methods below apply the same rules for everyone else.
 */
export function createPaymentStores({
  $stage = persistentPaymentStage(),
  $session = persistentPaymentSession(),
}: { $stage?: WritableAtom<PaymentStage>; $session?: WritableAtom<PaymentSession> } = {}) {
  const $flow: WritableAtom<TransactionFlow> = atom(initialTransactionFlow());

  return {
    $stage,
    $session,
    $flow,
    /** Moves to a screen; back on the details screen with no transaction type, the flow resets (SPEC §4). */
    setStage(stage: PaymentStage) {
      $stage.set(stage);
      $flow.set(flowOnStage($flow.get(), stage));
    },
    /** Sets the transaction type; anything but 'pay' and 'call_deploy' is ignored (SPEC §4). */
    changeTransactionType(type: string) {
      $flow.set(flowOfType($flow.get(), type));
    },
    /** Moves the flow to `state`, merging `result` into the transaction result. */
    setFlowState(state: PaymentFlowState, patch: { info?: PaymentTransactionInfo | null; result?: TransactionFlow["transactionResult"] } = {}) {
      $flow.set(flowInState($flow.get(), state, patch));
    },
    /** Back to a flow at rest (after a failure, to try again). */
    resetFlow() {
      $flow.set(initialTransactionFlow());
    },
    /** Remembers the payment this session started for `productId`, so a reload resumes it. */
    rememberPayment(productId: string, info: PaymentTransactionInfo, payer: string | null) {
      $session.set(sessionWithPayment($session.get(), productId, info, payer));
    },
    /** Remembers the hash once the wallet sent the payment. */
    rememberHash(hash: string) {
      $session.set({ ...$session.get(), hash });
    },
    /** Drops the remembered payment (the session id stays). */
    forgetPayment() {
      $session.set(sessionWithoutPayment($session.get()));
    },
  };
}

export type PaymentStores = ReturnType<typeof createPaymentStores>;

const stores = createPaymentStores({ $stage: $paymentStage });
/** The pay page's screen, persisted in localStorage (default 'details-screen'). */
export { $paymentStage };
/** The session id and the payment it started, persisted in sessionStorage. */
export const $paymentSession = stores.$session;
/** The transaction flow state (SPEC §3), in memory. */
export const $transactionFlow = stores.$flow;
/** The app's payment stores as one object, for the pay flow controller. */
export const paymentStores: PaymentStores = stores;
