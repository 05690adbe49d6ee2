import { atom, type WritableAtom } from "nanostores";
import type { PaymentFlowState, PaymentProgress, PaymentTransactionInfo } from "@/lib/pay-api";

/** Which screen of the pay page the payer is on (SPEC §3 Locally persisted: payment stage). */
export type PaymentStage = "details-screen" | "payment-screen" | "result-screen";
export const PAYMENT_STAGES: readonly PaymentStage[] = ["details-screen", "payment-screen", "result-screen"];
export const DEFAULT_PAYMENT_STAGE: PaymentStage = "details-screen";

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
}

export const PAYMENT_STAGE_KEY = "zpay.payment.stage";
export const PAYMENT_SESSION_KEY = "zpay.payment.session";

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storageOf(pick: () => Storage | undefined): KeyValueStorage | undefined {
  try {
    return pick();
  } catch {
    return undefined; // storage blocked: values last for this page only
  }
}

function read(storage: KeyValueStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // quota or privacy mode: keep the in-memory value
  }
}

function newSessionId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function loadSession(storage: KeyValueStorage | undefined, makeId: () => string): PaymentSession {
  const fresh: PaymentSession = { sessionId: makeId(), productId: null, info: null, hash: null, payer: null };
  const raw = read(storage, PAYMENT_SESSION_KEY);
  if (!raw) return fresh;
  try {
    const v = JSON.parse(raw) as Partial<PaymentSession>;
    if (typeof v.sessionId !== "string" || !v.sessionId) return fresh;
    return {
      sessionId: v.sessionId,
      productId: typeof v.productId === "string" ? v.productId : null,
      info: v.info && typeof v.info === "object" && typeof v.info.payment === "string" ? v.info : null,
      hash: typeof v.hash === "string" ? v.hash : null,
      payer: typeof v.payer === "string" ? v.payer : null,
    };
  } catch {
    return fresh;
  }
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

/** Payment stores over any storages; the app uses the exports below (localStorage + sessionStorage). */
export function createPaymentStores(
  local: KeyValueStorage | undefined = storageOf(() => globalThis.localStorage),
  session: KeyValueStorage | undefined = storageOf(() => globalThis.sessionStorage),
  makeId: () => string = newSessionId,
) {
  const storedStage = read(local, PAYMENT_STAGE_KEY);
  const $stage: WritableAtom<PaymentStage> = atom(PAYMENT_STAGES.find((s) => s === storedStage) ?? DEFAULT_PAYMENT_STAGE);
  $stage.listen((stage) => write(local, PAYMENT_STAGE_KEY, stage));

  const $session: WritableAtom<PaymentSession> = atom(loadSession(session, makeId));
  $session.listen((value) => write(session, PAYMENT_SESSION_KEY, JSON.stringify(value)));
  write(session, PAYMENT_SESSION_KEY, JSON.stringify($session.get())); // keep a generated id across reloads

  const $flow: WritableAtom<TransactionFlow> = atom(initialTransactionFlow());

  return {
    $stage,
    $session,
    $flow,
    /** Moves to a screen; back on the details screen with no transaction type, the flow resets (SPEC §4). */
    setStage(stage: PaymentStage) {
      $stage.set(stage);
      if (stage === "details-screen" && !$flow.get().transactionType) $flow.set(initialTransactionFlow());
    },
    /** Sets the transaction type; anything but 'pay' and 'call_deploy' is ignored (SPEC §4). */
    changeTransactionType(type: string) {
      if ((type === "pay" || type === "call_deploy") && $flow.get().transactionType !== type) $flow.set({ ...$flow.get(), transactionType: type });
    },
    /** Moves the flow to `state`, merging `result` into the transaction result. */
    setFlowState(state: PaymentFlowState, patch: { info?: PaymentTransactionInfo | null; result?: TransactionFlow["transactionResult"] } = {}) {
      const flow = $flow.get();
      $flow.set({
        ...flow,
        currentState: state,
        transactionInfo: patch.info === undefined ? flow.transactionInfo : patch.info,
        transactionResult: patch.result === undefined ? flow.transactionResult : patch.result && { ...flow.transactionResult, ...patch.result },
      });
    },
    /** Back to a flow at rest (after a failure, to try again). */
    resetFlow() {
      $flow.set(initialTransactionFlow());
    },
    /** Remembers the payment this session started for `productId`, so a reload resumes it. */
    rememberPayment(productId: string, info: PaymentTransactionInfo, payer: string | null) {
      $session.set({ ...$session.get(), productId, info, payer, hash: null });
    },
    /** Remembers the hash once the wallet sent the payment. */
    rememberHash(hash: string) {
      $session.set({ ...$session.get(), hash });
    },
    /** Drops the remembered payment (the session id stays). */
    forgetPayment() {
      $session.set({ ...$session.get(), productId: null, info: null, hash: null, payer: null });
    },
  };
}

export type PaymentStores = ReturnType<typeof createPaymentStores>;

const stores = createPaymentStores();
/** The pay page's screen, persisted in localStorage (default 'details-screen'). */
export const $paymentStage = stores.$stage;
/** The session id and the payment it started, persisted in sessionStorage. */
export const $paymentSession = stores.$session;
/** The transaction flow state (SPEC §3), in memory. */
export const $transactionFlow = stores.$flow;
/** The app's payment stores as one object, for the pay flow controller. */
export const paymentStores: PaymentStores = stores;
