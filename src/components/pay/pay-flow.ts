import type { ReadableAtom } from "nanostores";
import { i18next } from "@/i18n/i18n";
import type { PayableProduct } from "@/lib/pay-api";
import type { PayerChoice } from "@/lib/pay-choice";
import { PAY_PROGRESS_POLL_MS } from "@/lib/timings";
import { paymentStores, type PaymentStores } from "@/stores/payment";
import { showToast, type ToastVariant } from "@/stores/toasts";
import type { PayApi } from "./pay-api-client";
import { pickPayOption, type PayFamily, type PayOption } from "./pay-option";
import type { PayFlowState } from "./pay-page-state";
import { createPayPageRunner, errorMessage } from "./pay-page-runner";
import type { PaymentSender, PaymentSwapper } from "./payment-sender";
import { escapeHtml } from "./wallet-error-toasts";

// The option lives in its own file so the server can render the pay page's summary without the flow.
export { pickPayOption, escapeHtml, errorMessage, type PayOption };
export type { FaucetStatus, PayFlowState, PayLoad, PayNotice, SanctionStatus, SwapHolding, SwapView } from "./pay-page-state";

export interface PayFlowDeps {
  productId: string;
  api: PayApi;
  stores?: PaymentStores;
  notify?: (toast: { message: string; variant: ToastVariant }) => void;
  /** Translates a key of the `pay` namespace (toasts are raised outside React). */
  translate?: (key: string) => string;
  pollMs?: number;
  /** The product as the payments origin already served it in the page's HTML: no second fetch, no skeleton. */
  product?: PayableProduct;
  /** The chain family the payer picked (its wallet code is loaded); default the product's first. */
  family?: PayFamily;
}

/**
 * The pay page's behaviour, outside React: load the product, check the connected wallet against
 * the sanctions list, hand out test coins in sandbox, start the payment, have the wallet send it,
 * poll the server until it is paid, validated or failed, and resume all that after a reload.
 * What it means is decided by the machine (pay-page-machine.ts); the runner (pay-page-runner.ts)
 * does the work and writes the stage and flow state to the payment stores (SPEC §3/§4); the rest
 * is `$state`. These are the page's buttons and signals as events.
 */
export function createPayFlow({ productId, api, stores = paymentStores, notify = showToast, translate = (key) => i18next.t(key, { ns: "pay" }), pollMs = PAY_PROGRESS_POLL_MS, product, family }: PayFlowDeps) {
  const runner = createPayPageRunner({ productId, api, stores, notify, translate, pollMs, product, family });
  const { dispatch } = runner;

  return {
    $state: runner.$state as ReadableAtom<PayFlowState>,
    stores,

    /** Starts (or resumes) the page: loads the product once, resumes polling. Idempotent. */
    start() {
      void runner.open();
    },

    /** The payer's choice changed (donation amount and note, cart quantities): the next start sends it. */
    setChoice(choice: PayerChoice) {
      void dispatch({ type: "choiceChanged", choice });
    },

    /** Stops timers (the island unmounts). */
    stop() {
      void dispatch({ type: "closed" });
    },

    /** The wallet-adapter container reports the connected address (or null after a disconnect). */
    walletChanged(address: string | null) {
      void dispatch({ type: "walletChanged", address });
    },

    /** The payer picks another chain or token of the family (details screen only, not while a payment starts). */
    selectOption(preferred: { chainId?: number; token?: string }) {
      void dispatch({ type: "optionPicked", ...preferred });
    },

    /** 'Unable to check' → the payer asks again. */
    retrySanction() {
      void dispatch({ type: "sanctionRetried" });
    },

    /** Sandbox: test USDC and SOL for the connected wallet. */
    requestFaucet(): Promise<void> {
      return dispatch({ type: "faucetAsked" });
    },

    /** Pay: start on the server, have the wallet send it, then follow the server's progress. */
    pay(sender: PaymentSender | null): Promise<void> {
      return runner.pay(sender);
    },

    /** A partly paid payment: the connected wallet sends what is still due, to the same payment. */
    sendRest(sender: PaymentSender | null): Promise<void> {
      return runner.sendRest(sender);
    },

    /**
     * Pay from a phone wallet without connecting one here: start the payment with no payer (the
     * server screens whoever pays when it credits the transfer), show its Solana Pay QR code, and
     * follow the server's progress until the phone's transfer is found by its reference.
     */
    payWithQr(): Promise<void> {
      return dispatch({ type: "qrPressed" });
    },

    /** "Pay with another token" (Solana): the wallet's holdings of what the swap provider takes. */
    openSwap(swapper: PaymentSwapper | null): Promise<void> {
      return runner.openSwap(swapper);
    },

    /** The payer picks one of those tokens: its quote (what they pay, the bounds, how long it holds). */
    pickSwap(swapper: PaymentSwapper | null, mint: string): Promise<void> {
      return runner.pickSwap(swapper, mint);
    },

    /** Pay the quote shown: the wallet signs the swap (a stale quote asked again first). */
    paySwap(swapper: PaymentSwapper | null): Promise<void> {
      return runner.paySwap(swapper);
    },

    /** Back to paying with the payment's own token. */
    closeSwap() {
      void dispatch({ type: "swapClosed" });
    },

    /** From a failed result: back to the details screen to try again. */
    startOver() {
      void dispatch({ type: "startedOver" });
    },
  };
}

export type PayFlow = ReturnType<typeof createPayFlow>;
