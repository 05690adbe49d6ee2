import { atom, type ReadableAtom } from "nanostores";
import { i18next } from "@/i18n/i18n";
import { ApiRequestError } from "@/lib/api-client";
import type { FaucetGrant, PayableProduct, PaymentProgress, PaymentTransactionInfo } from "@/lib/pay-api";
import { choiceRequest, type PayerChoice } from "@/lib/pay-choice";
import { PAY_PROGRESS_POLL_MS } from "@/lib/timings";
import { paymentStores, type PaymentStores } from "@/stores/payment";
import { showToast, type ToastVariant } from "@/stores/toasts";
import type { PayApi } from "./pay-api-client";
import { InsufficientBalanceError, PaymentFailedOnChainError, type PaymentSender } from "./payment-sender";

import { chainsOfFamily, familyOfChain, payFamilies, pickPayOption, sameOption, type PayFamily, type PayOption } from "./pay-option";
import { escapeHtml, raiseWalletToasts, walletErrorToasts } from "./wallet-error-toasts";

// The option lives in its own file so the server can render the pay page's summary without the flow.
export { pickPayOption, escapeHtml, type PayOption };

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
export type PayNotice = { kind: "insufficient-token"; available: string; needed: string } | { kind: "insufficient-fee" } | { kind: "error"; message: string };

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
}

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

const FINAL: readonly PaymentProgress["status"][] = ["validated", "failed"];

/** The option a started payment pays with (after a reload the page shows that one, whatever was picked before). */
function optionOfPayment(product: PayableProduct, info: PaymentTransactionInfo): PayOption | undefined {
  const chain = product.options.find((o) => o.chainId === info.chain);
  const token = chain?.tokens.find((t) => t.address.toLowerCase() === info.tokenAddress.toLowerCase());
  return chain && token ? { chainId: chain.chainId, chainName: chain.chainName, token: { ...token } } : undefined;
}

/** A wallet's or server's error as text ('' when it has none). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || (err.cause instanceof Error ? err.cause.message : "");
  return typeof err === "string" ? err : "";
}

/**
 * The pay page's behaviour, outside React: load the product, check the connected wallet against
 * the sanctions list, hand out test coins in sandbox, start the payment, have the wallet send it,
 * poll the server until it is paid, validated or failed, and resume all that after a reload.
 * The stage and flow state go to the payment stores (SPEC §3/§4); the rest is `$state`.
 */
export function createPayFlow({
  productId,
  api,
  stores = paymentStores,
  notify = showToast,
  translate = (key) => i18next.t(key, { ns: "pay" }),
  pollMs = PAY_PROGRESS_POLL_MS,
  product: served,
  family: pickedFamily,
}: PayFlowDeps) {
  const familyFor = (product: PayableProduct) => pickedFamily ?? payFamilies(product)[0];
  const servedOption = served && pickPayOption(served, familyFor(served));
  const firstLoad: PayLoad = served && servedOption ? { kind: "ready", product: served, option: servedOption } : { kind: "loading" };
  const $state = atom<PayFlowState>({ load: firstLoad, wallet: null, sanction: "idle", faucet: { status: "idle" }, notice: null, starting: false });
  const update = (patch: Partial<PayFlowState>) => $state.set({ ...$state.get(), ...patch });
  /** Sanction results per transaction type and wallet (SPEC §4: checked once per transaction type). */
  const sanctions = new Map<string, boolean>();
  let active = false;
  let loading: Promise<void> | undefined;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let polling: string | undefined;
  /** The payer's choice on the page (donation amount and note, cart quantities), sent with the start. */
  let choice: PayerChoice = {};

  const ready = () => {
    const load = $state.get().load;
    return load.kind === "ready" ? load : undefined;
  };

  /**
   * Asks the server to start a payment (from `payer`, or from a phone wallet not known yet when
   * null). On refusal the page goes back to its details with the server's message; undefined then.
   */
  async function startPayment(r: NonNullable<ReturnType<typeof ready>>, payer: string | null): Promise<PaymentTransactionInfo | undefined> {
    update({ starting: true, notice: null, approval: undefined });
    stores.changeTransactionType("pay");
    stores.setFlowState("processing", { info: null, result: null });
    try {
      const sessionId = stores.$session.get().sessionId;
      return await api.start(productId, { chainId: r.option.chainId, token: r.option.token.symbol, ...(payer ? { payer } : {}), sessionId, ...choiceRequest(r.product, choice) });
    } catch (err) {
      const message = errorMessage(err);
      // Paid meanwhile (another tab, another payer): the page says so and offers no payment any more.
      if (err instanceof ApiRequestError && err.code === "already_paid") {
        stores.setFlowState("init");
        update({ starting: false, notice: null, load: { ...r, product: { ...r.product, paid: true } } });
        return undefined;
      }
      notify({ message: escapeHtml(message || translate("startFailed")), variant: "error" });
      stores.setFlowState("init");
      update({ starting: false, notice: { kind: "error", message } });
      return undefined;
    }
  }

  function stopPolling() {
    clearTimeout(pollTimer);
    pollTimer = undefined;
    polling = undefined;
  }

  function applyProgress(progress: PaymentProgress) {
    const flow = stores.$flow.get();
    if (progress.status === "failed") {
      stores.setFlowState("failed", { result: { progress, error: progress.failureReason } });
      stores.setStage("result-screen");
    } else if (progress.status === "paid" || progress.status === "validated") {
      stores.setFlowState(flow.currentState === "failed" ? "submitted" : flow.currentState, { result: { progress, hash: progress.hash ?? flow.transactionResult?.hash } });
      stores.setStage("result-screen");
    } else {
      stores.setFlowState(flow.currentState, { result: { progress } });
    }
  }

  /** Asks for the payment's progress now (or after one interval) and then every interval until final. */
  function poll(paymentId: string, { wait = false } = {}) {
    if (!active) return;
    polling = paymentId;
    const tick = async () => {
      pollTimer = undefined;
      if (!active || polling !== paymentId) return;
      try {
        const progress = await api.progress(paymentId);
        if (!active || polling !== paymentId) return;
        applyProgress(progress);
        if (FINAL.includes(progress.status)) {
          polling = undefined;
          return;
        }
      } catch {
        // A network hiccup: the payment is on chain either way; keep asking.
      }
      if (active && polling === paymentId) pollTimer = setTimeout(tick, pollMs);
    };
    if (wait) pollTimer = setTimeout(tick, pollMs);
    else void tick();
  }

  /** After a reload: pick the session's payment up where it was (SPEC §3 payment session id). */
  async function resume() {
    const session = stores.$session.get();
    const info = session.info;
    if (session.productId !== productId || !info || stores.$stage.get() === "details-screen") {
      if (stores.$stage.get() !== "details-screen") stores.setStage("details-screen");
      return;
    }
    let progress: PaymentProgress | undefined;
    try {
      progress = await api.progress(info.payment);
    } catch {
      progress = undefined;
    }
    const hash = session.hash ?? progress?.hash;
    const r = ready();
    const paidWith = r && optionOfPayment(r.product, info);
    if (r && paidWith && !sameOption(paidWith, r.option)) update({ load: { ...r, option: paidWith } });
    // A QR payment (started with no wallet) may be paid by the phone at any time: show its code again.
    const viaQr = session.payer === null;
    if (!hash && !viaQr && (!progress || progress.status === "initiated")) {
      // The wallet never sent it (the reload closed its prompt): back to the details.
      stores.forgetPayment();
      stores.resetFlow();
      stores.setStage("details-screen");
      return;
    }
    stores.changeTransactionType("pay");
    stores.setFlowState("submitted", { info, result: { hash: hash ?? undefined, payer: session.payer ?? undefined } });
    if (viaQr) update({ qr: true });
    if (progress) applyProgress(progress);
    if (stores.$stage.get() === "details-screen") stores.setStage("payment-screen");
    if (!progress || !FINAL.includes(progress.status)) poll(info.payment, { wait: Boolean(progress) });
  }

  async function load() {
    try {
      const product = served ?? (await api.getProduct(productId));
      const option = pickPayOption(product, familyFor(product));
      update({ load: option ? { kind: "ready", product, option } : { kind: "unsupported" } });
      if (!option) return;
    } catch (err) {
      const gone = err instanceof ApiRequestError && (err.status === 404 || err.status === 410);
      update({ load: gone ? { kind: "not-found" } : { kind: "error", message: errorMessage(err) } });
      return;
    }
    await resume();
    if ($state.get().wallet) void checkSanction();
  }

  async function checkSanction() {
    const r = ready();
    const wallet = $state.get().wallet;
    if (!r || !wallet) return;
    const key = `${stores.$flow.get().transactionType ?? "pay"}:${wallet}`;
    const known = sanctions.get(key);
    if (known !== undefined) {
      update({ sanction: known ? "passed" : "failed" });
      return;
    }
    update({ sanction: "checking" });
    try {
      const { passed } = await api.checkSanction(
        { wallet, payment: productId, type: r.product.type, chain: r.option.chainId },
        stores.$session.get().sessionId,
      );
      sanctions.set(key, passed === true);
      if ($state.get().wallet === wallet) update({ sanction: passed === true ? "passed" : "failed" });
    } catch {
      if ($state.get().wallet === wallet) update({ sanction: "unavailable" });
    }
  }

  /** SPEC §8: the wallet's message as an error toast; for the address errors, a hint 1.5 s later. */
  function walletFailed(message: string) {
    raiseWalletToasts(walletErrorToasts(message, translate), notify);
  }

  return {
    $state: $state as ReadableAtom<PayFlowState>,
    stores,

    /** Starts (or resumes) the page: loads the product once, resumes polling. Idempotent. */
    start() {
      active = true;
      loading ??= load();
      const info = stores.$session.get().info;
      const current = stores.$flow.get();
      if (!polling && info && current.currentState === "submitted" && !FINAL.includes(current.transactionResult?.progress?.status ?? "initiated")) poll(info.payment);
    },

    /** The payer's choice changed (donation amount and note, cart quantities): the next start sends it. */
    setChoice(next: PayerChoice) {
      choice = next;
    },

    /** Stops timers (the island unmounts). */
    stop() {
      active = false;
      stopPolling();
    },

    /** The wallet-adapter container reports the connected address (or null after a disconnect). */
    walletChanged(address: string | null) {
      if ($state.get().wallet === address) return;
      update({ wallet: address, sanction: "idle", faucet: { status: "idle" }, notice: null });
      if (address) void checkSanction();
    },

    /**
     * The payer picks another chain or token of the family (details screen only, not while a
     * payment starts). A test-coin grant was for the old token, so it is forgotten.
     */
    selectOption(preferred: { chainId?: number; token?: string }) {
      const r = ready();
      if (!r || $state.get().starting || stores.$stage.get() !== "details-screen") return;
      const family = familyOfChain(r.option.chainId);
      if (!family) return;
      const chains = chainsOfFamily(r.product, family);
      const chain = chains.find((c) => c.chainId === (preferred.chainId ?? r.option.chainId));
      // Only this family's chains, and only a token the chain offers when a token is what changed.
      if (!chain || (preferred.token !== undefined && !chain.tokens.some((t) => t.symbol === preferred.token))) return;
      const option = pickPayOption(r.product, family, { chainId: chain.chainId, token: preferred.token ?? r.option.token.symbol });
      if (!option || sameOption(option, r.option)) return;
      update({ load: { ...r, option }, faucet: { status: "idle" }, notice: null });
    },

    /** 'Unable to check' → the payer asks again. */
    retrySanction() {
      const wallet = $state.get().wallet;
      if (wallet) sanctions.delete(`${stores.$flow.get().transactionType ?? "pay"}:${wallet}`);
      void checkSanction();
    },

    /** Sandbox: test USDC and SOL for the connected wallet. */
    async requestFaucet() {
      const r = ready();
      const { wallet, faucet } = $state.get();
      if (!r || !r.product.sandbox || !wallet || faucet.status === "sending") return;
      update({ faucet: { status: "sending" } });
      try {
        const grant = await api.faucet({ chain: r.option.chainId, address: wallet, token: r.option.token.symbol });
        const notice = $state.get().notice;
        update({ faucet: { status: "granted", grant }, notice: notice?.kind.startsWith("insufficient") ? null : notice });
      } catch (err) {
        update({ faucet: { status: "failed", message: errorMessage(err) } });
      }
    },

    /** Pay: start on the server, have the wallet send it, then follow the server's progress. */
    async pay(sender: PaymentSender | null) {
      const r = ready();
      const { wallet, sanction, starting } = $state.get();
      if (!r || !wallet || !sender || sanction !== "passed" || starting || stores.$stage.get() !== "details-screen") return;
      const info = await startPayment(r, wallet);
      if (!info) return;
      stores.rememberPayment(productId, info, wallet);
      stores.setFlowState("processing", { info });
      stores.setStage("payment-screen");
      let hash: string | undefined;
      try {
        await sender.send(
          info,
          (sent) => {
            hash = sent;
            stores.rememberHash(sent);
            stores.setFlowState("processed", { result: { hash: sent, payer: wallet } });
          },
          (step) => update({ approval: step === "approving" ? "needed" : $state.get().approval && "done" }),
        );
        stores.setFlowState("submitted");
      } catch (err) {
        update({ starting: false });
        if (err instanceof InsufficientBalanceError) {
          stores.forgetPayment();
          stores.resetFlow();
          stores.setStage("details-screen");
          update({ notice: err.asset === "token" ? { kind: "insufficient-token", available: String(err.available), needed: String(err.needed) } : { kind: "insufficient-fee" } });
          return;
        }
        if (!hash || err instanceof PaymentFailedOnChainError) {
          const message = errorMessage(err);
          walletFailed(message);
          // SPEC §8: after an EVM failure the connector is reset and the wallet cleared.
          sender.reset?.();
          stores.setFlowState("failed", { result: { error: message } });
          stores.setStage("result-screen");
          if (!hash) stores.forgetPayment();
          return;
        }
        // Sent, but the confirmation was lost (socket, timeout): the server has the last word.
        stores.setFlowState("submitted");
      }
      update({ starting: false });
      poll(info.payment);
    },

    /**
     * Pay from a phone wallet without connecting one here: start the payment with no payer (the
     * server screens whoever pays when it credits the transfer), show its Solana Pay QR code, and
     * follow the server's progress until the phone's transfer is found by its reference.
     */
    async payWithQr() {
      const r = ready();
      if (!r || $state.get().starting || stores.$stage.get() !== "details-screen") return;
      const info = await startPayment(r, null);
      if (!info) return;
      stores.rememberPayment(productId, info, null);
      stores.setFlowState("submitted", { info });
      update({ starting: false, qr: true });
      stores.setStage("payment-screen");
      poll(info.payment, { wait: true });
    },

    /** From a failed result: back to the details screen to try again. */
    startOver() {
      stopPolling();
      stores.forgetPayment();
      stores.resetFlow();
      stores.setStage("details-screen");
      update({ notice: null, starting: false, qr: false });
    },
  };
}

export type PayFlow = ReturnType<typeof createPayFlow>;
