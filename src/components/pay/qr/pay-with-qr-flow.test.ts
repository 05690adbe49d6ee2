import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { memoryStorage } from "@/stores/testing/memory-storage";
import { persistedPaymentStores } from "@/stores/testing/payment-stores";
import { createPayFlow } from "../pay-flow";
import type { PayApi } from "../pay-api-client";
import { PAYER_ADDRESS, TX_HASH, USD_PRODUCT, fakePayApi, paymentInfoFor, progressSequence } from "../testing/fake-pay";

function setup(api: PayApi, session = memoryStorage(), local = memoryStorage()) {
  const stores = persistedPaymentStores(local, session, () => "session-qr");
  const toasts: { message: string; variant: string }[] = [];
  const flow = createPayFlow({ productId: USD_PRODUCT.id, api, stores, notify: (t) => toasts.push(t), translate: (k) => `t:${k}`, pollMs: 100 });
  return { flow, stores, toasts, session, local };
}
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pay flow: a Solana Pay QR payment from a phone wallet", () => {
  it("starts with no payer and no wallet, shows the QR payment, and follows it to the result", async () => {
    const start = vi.fn(async () => paymentInfoFor(USD_PRODUCT, "pay_qr"));
    const { flow, stores } = setup(fakePayApi(USD_PRODUCT, { start, progress: progressSequence({ status: "initiated" }, { status: "paid", hash: TX_HASH, payer: PAYER_ADDRESS }) }));
    flow.start();
    await settle();
    await flow.payWithQr();
    expect(start).toHaveBeenCalledWith(USD_PRODUCT.id, { chainId: -5001, token: "USDC", sessionId: "session-qr" });
    expect(flow.$state.get()).toMatchObject({ qr: true, starting: false, wallet: null });
    expect(stores.$stage.get()).toBe("payment-screen");
    expect(stores.$flow.get().transactionInfo?.payment).toBe("pay_qr");
    expect(stores.$session.get()).toMatchObject({ productId: USD_PRODUCT.id, payer: null, hash: null });

    await vi.advanceTimersByTimeAsync(100);
    expect(stores.$stage.get()).toBe("payment-screen"); // still waiting for the phone
    await vi.advanceTimersByTimeAsync(100);
    expect(stores.$stage.get()).toBe("result-screen");
    expect(stores.$flow.get().transactionResult).toMatchObject({ hash: TX_HASH, progress: { status: "paid", payer: PAYER_ADDRESS } });

    flow.startOver();
    expect(flow.$state.get().qr).toBe(false);
  });

  it("after a reload, an unpaid QR payment shows its code again instead of being dropped", async () => {
    const session = memoryStorage();
    const first = setup(fakePayApi(USD_PRODUCT), session);
    first.flow.start();
    await settle();
    await first.flow.payWithQr();
    first.flow.stop();

    const reloaded = setup(fakePayApi(USD_PRODUCT), session, first.local);
    reloaded.flow.start();
    await settle();
    expect(reloaded.stores.$stage.get()).toBe("payment-screen");
    expect(reloaded.flow.$state.get().qr).toBe(true);
    expect(reloaded.stores.$flow.get().transactionInfo?.payment).toBe("pay_1");
    reloaded.flow.stop();
  });

  it("a refused start stays on the details with the server's message and starts nothing", async () => {
    const { flow, stores, toasts } = setup(fakePayApi(USD_PRODUCT, { start: async () => Promise.reject(new ApiRequestError(429, "You have too many payments waiting to be paid.")) }));
    flow.start();
    await settle();
    await flow.payWithQr();
    expect(stores.$stage.get()).toBe("details-screen");
    expect(flow.$state.get()).toMatchObject({ starting: false, notice: { kind: "error", message: "You have too many payments waiting to be paid." } });
    expect(flow.$state.get().qr).toBeFalsy();
    expect(toasts).toEqual([{ message: "You have too many payments waiting to be paid.", variant: "error" }]);
    expect(stores.$session.get().info).toBeNull();
  });
});
