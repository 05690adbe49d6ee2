import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import type { PayableProduct, StartPaymentRequest } from "@/lib/pay-api";
import { memoryStorage } from "@/stores/testing/memory-storage";
import { persistedPaymentStores } from "@/stores/testing/payment-stores";
import { createPayFlow } from "./pay-flow";
import type { PayApi } from "./pay-api-client";
import { CART_EDITABLE_PRODUCT, DONATION_PRODUCT, PAYER_ADDRESS, fakePayApi, fakeSender } from "./testing/fake-pay";

function setup(product: PayableProduct, start: PayApi["start"]) {
  const stores = persistedPaymentStores(memoryStorage(), memoryStorage(), () => "session-1");
  const flow = createPayFlow({ productId: product.id, api: fakePayApi(product, { start }), stores, notify: () => undefined, translate: (k) => k, pollMs: 100, product });
  return { flow, stores };
}
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pay flow: the payer's choice", () => {
  it.each<[string, PayableProduct, Parameters<ReturnType<typeof createPayFlow>["setChoice"]>[0], Partial<StartPaymentRequest>]>([
    ["a donation sends the amount and the donor's note", DONATION_PRODUCT, { amount: "10", donor: { name: "Grace", message: "" } }, { amount: "10", donor: { name: "Grace" } }],
    ["an editable cart sends every line's quantity", CART_EDITABLE_PRODUCT, { quantities: { mug: 3 } }, { quantities: { mug: 3, tea: 1 } }],
  ])("%s with the start", async (_case, product, choice, expected) => {
    const start = vi.fn<PayApi["start"]>(() => new Promise(() => {}));
    const { flow } = setup(product, start);
    flow.start();
    flow.walletChanged(PAYER_ADDRESS);
    await settle();
    flow.setChoice(choice);
    void flow.pay(fakeSender());
    await settle();
    expect(start).toHaveBeenCalledWith(product.id, expect.objectContaining({ payer: PAYER_ADDRESS, sessionId: "session-1", ...expected }));
  });

  it("a 409 already_paid at start turns the page to already paid, back on its details", async () => {
    const { flow, stores } = setup(DONATION_PRODUCT, () => Promise.reject(new ApiRequestError(409, "This has already been paid.", "already_paid")));
    flow.start();
    flow.walletChanged(PAYER_ADDRESS);
    await settle();
    flow.setChoice({ amount: "5" });
    await flow.pay(fakeSender());
    expect(flow.$state.get()).toMatchObject({ starting: false, notice: null, load: { kind: "ready", product: { paid: true } } });
    expect(stores.$flow.get().currentState).toBe("init");
  });
});
