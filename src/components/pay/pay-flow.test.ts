import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { PAY_PROGRESS_POLL_MS, WALLET_ERROR_INFO_TOAST_MS } from "@/lib/timings";
import { PAYMENT_SESSION_KEY, PAYMENT_STAGE_KEY } from "@/stores/payment";
import { memoryStorage } from "@/stores/testing/memory-storage";
import { persistedPaymentStores } from "@/stores/testing/payment-stores";
import { createPayFlow, escapeHtml, pickPayOption } from "./pay-flow";
import type { PayApi } from "./pay-api-client";
import { InsufficientBalanceError, PaymentFailedOnChainError } from "./payment-sender";
import { resultOf, resultWords } from "./pay-result";
import {
  EVM_TX_HASH,
  FAUCET_GRANT,
  LOCAL_EVM_A,
  LOCAL_EVM_B,
  MULTI_CHAIN_PRODUCT,
  PAYER_ADDRESS,
  TX_HASH,
  USD_PRODUCT,
  evmPaymentInfoFor,
  fakePayApi,
  fakeSender,
  paymentInfoFor,
  progressSequence,
} from "./testing/fake-pay";

function setup(api: PayApi = fakePayApi(), local = memoryStorage(), session = memoryStorage()) {
  const stores = persistedPaymentStores(local, session, () => "session-1");
  const toasts: { message: string; variant: string }[] = [];
  const flow = createPayFlow({ productId: USD_PRODUCT.id, api, stores, notify: (t) => toasts.push(t), translate: (k) => `t:${k}`, pollMs: 100 });
  return { flow, stores, toasts, local, session };
}

/** Lets pending promise callbacks run (fake timers do not advance microtasks by themselves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pay flow: loading", () => {
  it("loads the product and picks its Solana USDC option", async () => {
    const { flow, stores } = setup();
    flow.start();
    await settle();
    expect(flow.$state.get().load).toMatchObject({ kind: "ready", option: { chainId: -5001, token: { symbol: "USDC", decimals: 6 } } });
    expect(stores.$stage.get()).toBe("details-screen");
    expect(stores.$flow.get()).toMatchObject({ transactionType: "pay", currentState: "init" });
  });

  it("reads a 404 as a link that does not exist, other failures with the server's message", async () => {
    const gone = setup(fakePayApi(null));
    gone.flow.start();
    await settle();
    expect(gone.flow.$state.get().load).toEqual({ kind: "not-found" });

    const broken = setup(fakePayApi(USD_PRODUCT, { getProduct: async () => Promise.reject(new ApiRequestError(500, "Database unavailable")) }));
    broken.flow.start();
    await settle();
    expect(broken.flow.$state.get().load).toEqual({ kind: "error", message: "Database unavailable" });
  });

  it("says so when the product offers no Solana option", async () => {
    const { flow } = setup(fakePayApi({ ...USD_PRODUCT, options: [{ chainId: 1, chainName: "Ethereum", tokens: [] }] }));
    flow.start();
    await settle();
    expect(flow.$state.get().load).toEqual({ kind: "unsupported" });
    expect(pickPayOption(USD_PRODUCT)?.chainName).toBe("Solana Devnet");
  });

  it("starts from the product the served HTML shows: ready before start, and the product is not fetched again", async () => {
    const getProduct = vi.fn(async () => USD_PRODUCT);
    const stores = persistedPaymentStores(memoryStorage(), memoryStorage(), () => "session-1");
    const flow = createPayFlow({ productId: USD_PRODUCT.id, api: fakePayApi(USD_PRODUCT, { getProduct }), stores, product: USD_PRODUCT });
    expect(flow.$state.get().load).toMatchObject({ kind: "ready", product: { id: USD_PRODUCT.id } });
    flow.start();
    await settle();
    expect(flow.$state.get().load).toMatchObject({ kind: "ready", option: { chainId: -5001 } });
    expect(getProduct).not.toHaveBeenCalled();
  });
});

describe("pay flow: sanction check on connect (SPEC §5, §8)", () => {
  it("checks the connected wallet once per transaction type, with the session id", async () => {
    const checkSanction = vi.fn(async () => ({ passed: true }));
    const { flow } = setup(fakePayApi(USD_PRODUCT, { checkSanction }));
    flow.start();
    await settle();
    flow.walletChanged(PAYER_ADDRESS);
    expect(flow.$state.get().sanction).toBe("checking");
    await settle();
    expect(flow.$state.get().sanction).toBe("passed");
    expect(checkSanction).toHaveBeenCalledWith({ wallet: PAYER_ADDRESS, payment: USD_PRODUCT.id, type: "quick-pay", chain: -5001 }, "session-1");
    flow.walletChanged(null);
    expect(flow.$state.get().sanction).toBe("idle");
    flow.walletChanged(PAYER_ADDRESS);
    await settle();
    expect(flow.$state.get().sanction).toBe("passed");
    expect(checkSanction).toHaveBeenCalledTimes(1);
  });

  it("blocks a wallet that does not pass, and a check that cannot run until retried", async () => {
    const refused = setup(fakePayApi(USD_PRODUCT, { checkSanction: async () => ({ passed: false }) }));
    refused.flow.start();
    refused.flow.walletChanged(PAYER_ADDRESS);
    await settle();
    expect(refused.flow.$state.get().sanction).toBe("failed");
    await refused.flow.pay(fakeSender());
    expect(refused.stores.$flow.get().currentState).toBe("init");

    let calls = 0;
    const flaky = setup(fakePayApi(USD_PRODUCT, { checkSanction: async () => (++calls === 1 ? Promise.reject(new ApiRequestError(503, "down")) : { passed: true }) }));
    flaky.flow.start();
    flaky.flow.walletChanged(PAYER_ADDRESS);
    await settle();
    expect(flaky.flow.$state.get().sanction).toBe("unavailable");
    flaky.flow.retrySanction();
    await settle();
    expect(flaky.flow.$state.get().sanction).toBe("passed");
  });

  it("checks a wallet connected before the product arrived once it does", async () => {
    const { flow } = setup();
    flow.walletChanged(PAYER_ADDRESS);
    flow.start();
    await settle();
    expect(flow.$state.get().sanction).toBe("passed");
  });
});

describe("pay flow: sandbox faucet", () => {
  it("asks the faucet for the connected address and the option's token", async () => {
    const faucet = vi.fn(async () => FAUCET_GRANT);
    const { flow } = setup(fakePayApi(USD_PRODUCT, { faucet }));
    flow.start();
    flow.walletChanged(PAYER_ADDRESS);
    await settle();
    const request = flow.requestFaucet();
    expect(flow.$state.get().faucet).toEqual({ status: "sending" });
    await request;
    expect(faucet).toHaveBeenCalledWith({ chain: -5001, address: PAYER_ADDRESS, token: "USDC" });
    expect(flow.$state.get().faucet).toEqual({ status: "granted", grant: FAUCET_GRANT });
  });

  it("shows the server's refusal and is not offered outside sandbox", async () => {
    const limited = setup(fakePayApi(USD_PRODUCT, { faucet: async () => Promise.reject(new ApiRequestError(429, "Try again later.")) }));
    limited.flow.start();
    limited.flow.walletChanged(PAYER_ADDRESS);
    await settle();
    await limited.flow.requestFaucet();
    expect(limited.flow.$state.get().faucet).toEqual({ status: "failed", message: "Try again later." });

    const faucet = vi.fn(async () => FAUCET_GRANT);
    const live = setup(fakePayApi({ ...USD_PRODUCT, sandbox: false }, { faucet }));
    live.flow.start();
    live.flow.walletChanged(PAYER_ADDRESS);
    await settle();
    await live.flow.requestFaucet();
    expect(faucet).not.toHaveBeenCalled();
  });
});

describe("pay flow: paying", () => {
  async function ready(api: PayApi = fakePayApi()) {
    const s = setup(api);
    s.flow.start();
    s.flow.walletChanged(PAYER_ADDRESS);
    await settle();
    return s;
  }

  it("starts, sends, goes init → processing → processed → submitted, then polls to paid and validated", async () => {
    const start = vi.fn(async () => paymentInfoFor(USD_PRODUCT));
    const progress = vi.fn(progressSequence({ status: "initiated" }, { status: "paid", hash: TX_HASH }, { status: "validated", hash: TX_HASH, explorerUrl: "https://x.example/tx" }));
    const { flow, stores, session, local } = await ready(fakePayApi(USD_PRODUCT, { start, progress }));
    const states: string[] = [];
    stores.$flow.listen((f) => states.push(f.currentState));
    const sender = fakeSender();
    await flow.pay(sender);
    expect(start).toHaveBeenCalledWith(USD_PRODUCT.id, { chainId: -5001, token: "USDC", payer: PAYER_ADDRESS, sessionId: "session-1" });
    expect(sender.sent).toEqual([paymentInfoFor(USD_PRODUCT)]);
    expect([...new Set(states)]).toEqual(["processing", "processed", "submitted"]);
    expect(stores.$flow.get().transactionResult).toMatchObject({ hash: TX_HASH, payer: PAYER_ADDRESS });
    expect(stores.$stage.get()).toBe("payment-screen");
    expect(JSON.parse(session.data.get(PAYMENT_SESSION_KEY)!)).toMatchObject({ sessionId: "session-1", productId: USD_PRODUCT.id, hash: TX_HASH });
    await settle();
    expect(stores.$stage.get()).toBe("payment-screen");
    await vi.advanceTimersByTimeAsync(100);
    expect(stores.$stage.get()).toBe("result-screen");
    expect(local.data.get(PAYMENT_STAGE_KEY)).toBe("result-screen");
    expect(stores.$flow.get().transactionResult?.progress?.status).toBe("paid");
    await vi.advanceTimersByTimeAsync(100);
    expect(stores.$flow.get().transactionResult?.progress).toMatchObject({ status: "validated", explorerUrl: "https://x.example/tx" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(progress).toHaveBeenCalledTimes(3);
  });

  it("ends failed with the server's reason when the payment fails on its side", async () => {
    const { flow, stores } = await ready(fakePayApi(USD_PRODUCT, { progress: progressSequence({ status: "failed", failureReason: "Expired" }) }));
    await flow.pay(fakeSender());
    await settle();
    expect(stores.$stage.get()).toBe("result-screen");
    expect(stores.$flow.get()).toMatchObject({ currentState: "failed", transactionResult: { error: "Expired" } });
  });

  it("shows the wallet's message as an error toast and ends failed; the address error adds the hint 1.5 s later (SPEC §8)", async () => {
    const { flow, stores, toasts } = await ready();
    await flow.pay(fakeSender({ error: new Error("Invalid parameters: must provide an Ethereum address") }));
    expect(stores.$flow.get()).toMatchObject({ currentState: "failed", transactionResult: { error: "Invalid parameters: must provide an Ethereum address" } });
    expect(stores.$stage.get()).toBe("result-screen");
    expect(stores.$session.get().info).toBeNull();
    expect(toasts).toEqual([{ message: "Invalid parameters: must provide an Ethereum address", variant: "error" }]);
    await vi.advanceTimersByTimeAsync(WALLET_ERROR_INFO_TOAST_MS - 1);
    expect(toasts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(toasts[1]).toEqual({ message: "t:wallet.reconnectHint", variant: "info" });

    flow.startOver();
    expect(stores.$stage.get()).toBe("details-screen");
    expect(stores.$flow.get().currentState).toBe("init");
  });

  it("adds no hint for other wallet errors, escapes their text, and falls back when the wallet gives none", async () => {
    const { flow, toasts } = await ready();
    await flow.pay(fakeSender({ error: new Error("User <b>rejected</b> the request.") }));
    flow.startOver();
    await flow.pay(fakeSender({ error: new Error("") }));
    await vi.advanceTimersByTimeAsync(WALLET_ERROR_INFO_TOAST_MS * 2);
    expect(toasts.map((t) => t.message)).toEqual(["User &lt;b&gt;rejected&lt;/b&gt; the request.", "t:wallet.failedFallback"]);
  });

  it("keeps the payer on the details with a balance notice instead of failing", async () => {
    const { flow, stores } = await ready();
    await flow.pay(fakeSender({ error: new InsufficientBalanceError("token", 1_000_000n, 49_990_000n) }));
    expect(stores.$stage.get()).toBe("details-screen");
    expect(stores.$flow.get().currentState).toBe("init");
    expect(flow.$state.get().notice).toEqual({ kind: "insufficient-token", available: "1000000", needed: "49990000" });
    await flow.requestFaucet();
    expect(flow.$state.get().notice).toBeNull();
  });

  it("follows the server when the wallet sent it but the confirmation was lost, fails when the chain refused it", async () => {
    const lost = await ready(fakePayApi(USD_PRODUCT, { progress: progressSequence({ status: "paid", hash: TX_HASH }) }));
    await lost.flow.pay(fakeSender({ errorAfterSend: new Error("WebSocket closed") }));
    expect(lost.stores.$flow.get().currentState).toBe("submitted");
    await settle();
    expect(lost.stores.$stage.get()).toBe("result-screen");
    expect(lost.toasts).toEqual([]);

    const refused = await ready();
    await refused.flow.pay(fakeSender({ errorAfterSend: new PaymentFailedOnChainError(TX_HASH, "The network rejected the transaction") }));
    expect(refused.stores.$flow.get()).toMatchObject({ currentState: "failed", transactionResult: { hash: TX_HASH, error: "The network rejected the transaction" } });
    expect(refused.toasts[0]?.variant).toBe("error");
  });

  it("shows the server's message when the payment cannot start, and stays on the details", async () => {
    const { flow, stores, toasts } = await ready(fakePayApi(USD_PRODUCT, { start: async () => Promise.reject(new ApiRequestError(409, "This link was disabled")) }));
    await flow.pay(fakeSender());
    expect(stores.$stage.get()).toBe("details-screen");
    expect(flow.$state.get()).toMatchObject({ starting: false, notice: { kind: "error", message: "This link was disabled" } });
    expect(toasts).toEqual([{ message: "This link was disabled", variant: "error" }]);
  });

  it("refuses to pay without a wallet, a passed check or a sender", async () => {
    const start = vi.fn(async () => paymentInfoFor(USD_PRODUCT));
    const { flow } = setup(fakePayApi(USD_PRODUCT, { start }));
    flow.start();
    await settle();
    await flow.pay(fakeSender());
    flow.walletChanged(PAYER_ADDRESS);
    await settle();
    await flow.pay(null);
    expect(start).not.toHaveBeenCalled();
  });
});

describe("pay flow: reload mid-payment", () => {
  function storedSession(hash: string | null) {
    return memoryStorage({
      [PAYMENT_SESSION_KEY]: JSON.stringify({ sessionId: "s-old", productId: USD_PRODUCT.id, info: paymentInfoFor(USD_PRODUCT), hash, payer: PAYER_ADDRESS }),
    });
  }

  it("resumes polling the session's payment and lands on the result", async () => {
    const progress = vi.fn(progressSequence({ status: "initiated", hash: TX_HASH }, { status: "validated", hash: TX_HASH }));
    const { flow, stores } = setup(fakePayApi(USD_PRODUCT, { progress }), memoryStorage({ [PAYMENT_STAGE_KEY]: "payment-screen" }), storedSession(TX_HASH));
    flow.start();
    await settle();
    expect(stores.$session.get().sessionId).toBe("s-old");
    expect(stores.$stage.get()).toBe("payment-screen");
    expect(stores.$flow.get()).toMatchObject({ currentState: "submitted", transactionResult: { hash: TX_HASH, payer: PAYER_ADDRESS } });
    await vi.advanceTimersByTimeAsync(PAY_PROGRESS_POLL_MS);
    expect(stores.$stage.get()).toBe("result-screen");
    expect(progress).toHaveBeenCalledWith("pay_1");
  });

  it("goes back to the details when the wallet never sent it", async () => {
    const { flow, stores } = setup(fakePayApi(), memoryStorage({ [PAYMENT_STAGE_KEY]: "payment-screen" }), storedSession(null));
    flow.start();
    await settle();
    expect(stores.$stage.get()).toBe("details-screen");
    expect(stores.$session.get()).toMatchObject({ sessionId: "s-old", info: null });
  });

  it("ignores a stage left by another payment link", async () => {
    const { flow, stores } = setup(fakePayApi(), memoryStorage({ [PAYMENT_STAGE_KEY]: "result-screen" }), memoryStorage());
    flow.start();
    await settle();
    expect(stores.$stage.get()).toBe("details-screen");
  });

  it("stops polling when stopped and picks up again when restarted", async () => {
    const progress = vi.fn(progressSequence({ status: "initiated", hash: TX_HASH }));
    const { flow } = setup(fakePayApi(USD_PRODUCT, { progress }), memoryStorage({ [PAYMENT_STAGE_KEY]: "payment-screen" }), storedSession(TX_HASH));
    flow.start();
    await settle();
    flow.stop();
    const calls = progress.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(progress).toHaveBeenCalledTimes(calls);
    flow.start();
    await settle();
    expect(progress.mock.calls.length).toBeGreaterThan(calls);
  });
});

describe("escapeHtml", () => {
  it("neutralises markup in plain text", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe("&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;");
  });
});

describe("pay flow: EVM, chain and token choice", () => {
  const EVM_PAYER_ADDR = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
  function evmSetup(api: PayApi = fakePayApi(MULTI_CHAIN_PRODUCT)) {
    const stores = persistedPaymentStores(memoryStorage(), memoryStorage(), () => "session-1");
    const toasts: { message: string; variant: string }[] = [];
    const flow = createPayFlow({ productId: MULTI_CHAIN_PRODUCT.id, api, stores, notify: (t) => toasts.push(t), translate: (k) => `t:${k}`, pollMs: 100, family: "evm" });
    return { flow, stores, toasts };
  }

  it("picks the family's first chain and token, and the payer's later choices", async () => {
    const { flow } = evmSetup();
    flow.start();
    await settle();
    expect(flow.$state.get().load).toMatchObject({ kind: "ready", option: { chainId: LOCAL_EVM_A, token: { symbol: "USDC" } } });
    flow.selectOption({ chainId: LOCAL_EVM_B });
    expect(flow.$state.get().load).toMatchObject({ option: { chainId: LOCAL_EVM_B, chainName: "Local EVM B", token: { symbol: "USDC" } } });
    flow.selectOption({ token: "USDT" });
    expect(flow.$state.get().load).toMatchObject({ option: { chainId: LOCAL_EVM_B, token: { symbol: "USDT", decimals: 18 } } });
    flow.selectOption({ chainId: -5001 }); // another family's chain: ignored
    flow.selectOption({ token: "DAI" }); // a token the chain does not offer: ignored
    expect(flow.$state.get().load).toMatchObject({ option: { chainId: LOCAL_EVM_B, token: { symbol: "USDT" } } });
  });

  it("starts the payment on the picked chain and token, and forgets a test-coin grant of the old token", async () => {
    const start = vi.fn(async () => evmPaymentInfoFor(MULTI_CHAIN_PRODUCT, LOCAL_EVM_B));
    const { flow } = evmSetup(fakePayApi(MULTI_CHAIN_PRODUCT, { start }));
    flow.start();
    flow.walletChanged(EVM_PAYER_ADDR);
    await settle();
    await flow.requestFaucet();
    expect(flow.$state.get().faucet.status).toBe("granted");
    flow.selectOption({ chainId: LOCAL_EVM_B, token: "USDT" });
    expect(flow.$state.get().faucet.status).toBe("idle");
    void flow.pay(fakeSender({ hangBeforeSend: true }));
    await settle();
    expect(start).toHaveBeenCalledWith(MULTI_CHAIN_PRODUCT.id, { chainId: LOCAL_EVM_B, token: "USDT", payer: EVM_PAYER_ADDR, sessionId: "session-1" });
  });

  it("does not change the choice once a payment is under way", async () => {
    const { flow, stores } = evmSetup();
    flow.start();
    flow.walletChanged(EVM_PAYER_ADDR);
    await settle();
    void flow.pay(fakeSender({ hangBeforeSend: true }));
    await settle();
    expect(stores.$stage.get()).toBe("payment-screen");
    flow.selectOption({ chainId: LOCAL_EVM_B });
    expect(flow.$state.get().load).toMatchObject({ option: { chainId: LOCAL_EVM_A } });
  });

  it("shows the allowance step while the wallet approves, then the payment", async () => {
    const { flow } = evmSetup();
    flow.start();
    flow.walletChanged(EVM_PAYER_ADDR);
    await settle();
    const seen: (string | undefined)[] = [];
    flow.$state.listen((s) => seen.push(s.approval));
    await flow.pay({
      async send(info, onSent, onStep) {
        onStep?.("approving");
        onStep?.("paying");
        onSent(EVM_TX_HASH);
        return EVM_TX_HASH;
      },
    });
    expect([...new Set(seen)]).toEqual([undefined, "needed", "done"]);
  });

  it("resets the wallet after a wallet failure (SPEC §8), not after a balance notice", async () => {
    const reset = vi.fn();
    const { flow, stores, toasts } = evmSetup();
    flow.start();
    flow.walletChanged(EVM_PAYER_ADDR);
    await settle();
    await flow.pay({ reset, send: async () => Promise.reject(new InsufficientBalanceError("token", 1n, 2n)) });
    expect(reset).not.toHaveBeenCalled();
    await flow.pay({ reset, send: async () => Promise.reject(new Error("Wallet disconnected")) });
    expect(reset).toHaveBeenCalledTimes(1);
    expect(toasts.at(-1)).toEqual({ message: "Wallet disconnected", variant: "error" });
    expect(stores.$flow.get().currentState).toBe("failed");
  });

  it("a payer's cancel (EIP-1193 4001) is a calm cancel: no toast of the wallet's English, no reset, Try again starts over", async () => {
    const reset = vi.fn();
    const { flow, stores, toasts } = evmSetup();
    flow.start();
    flow.walletChanged(EVM_PAYER_ADDR);
    await settle();
    const rejection = Object.assign(new Error("User rejected the request."), { code: 4001 });
    await flow.pay({ reset, send: async () => Promise.reject(rejection) });
    expect(reset).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
    expect(stores.$stage.get()).toBe("result-screen");
    expect(resultWords(resultOf(stores.$flow.get()))).toEqual({ title: "result.cancelledTitle", body: "result.cancelledBody" });
    flow.startOver();
    await settle();
    expect(stores.$stage.get()).toBe("details-screen");
    expect(stores.$flow.get()).toMatchObject({ currentState: "init", transactionResult: null });
    expect(stores.$session.get().info).toBeNull();
  });

  it("shows the option a resumed payment was started with", async () => {
    const stores = persistedPaymentStores(memoryStorage(), memoryStorage(), () => "session-1");
    stores.rememberPayment(MULTI_CHAIN_PRODUCT.id, { ...evmPaymentInfoFor(MULTI_CHAIN_PRODUCT, LOCAL_EVM_B), tokenAddress: MULTI_CHAIN_PRODUCT.options[2]!.tokens[1]!.address.toLowerCase() }, EVM_PAYER_ADDR);
    stores.rememberHash(EVM_TX_HASH);
    stores.setStage("payment-screen");
    const flow = createPayFlow({ productId: MULTI_CHAIN_PRODUCT.id, api: fakePayApi(MULTI_CHAIN_PRODUCT), stores, pollMs: 100, family: "evm" });
    flow.start();
    await settle();
    expect(flow.$state.get().load).toMatchObject({ option: { chainId: LOCAL_EVM_B, token: { symbol: "USDT" } } });
    flow.stop();
  });
});
