import { describe, expect, it } from "vitest";
import { paymentInfoFor, USD_PRODUCT } from "@/components/pay/testing/fake-pay";
import { memoryStorage } from "./testing/memory-storage";
import { PAYMENT_SESSION_KEY, PAYMENT_STAGE_KEY, createPaymentStores } from "./payment";

const info = paymentInfoFor(USD_PRODUCT);

describe("payment stores", () => {
  it("start on the details screen with a fresh session id kept in session storage", () => {
    const session = memoryStorage();
    const s = createPaymentStores(memoryStorage(), session, () => "sid-1");
    expect(s.$stage.get()).toBe("details-screen");
    expect(s.$flow.get()).toEqual({
      transactionType: "pay",
      userInstructions: { show: false, shown: false, should: true },
      transactionInfo: null,
      currentState: "init",
      transactionResult: null,
    });
    expect(JSON.parse(session.data.get(PAYMENT_SESSION_KEY)!)).toEqual({ sessionId: "sid-1", productId: null, info: null, hash: null, payer: null });
  });

  it("persist the stage in local storage and restore it; unknown stages fall back to the default", () => {
    const local = memoryStorage();
    const s = createPaymentStores(local, memoryStorage());
    s.setStage("payment-screen");
    expect(local.data.get(PAYMENT_STAGE_KEY)).toBe("payment-screen");
    expect(createPaymentStores(local, memoryStorage()).$stage.get()).toBe("payment-screen");
    expect(createPaymentStores(memoryStorage({ [PAYMENT_STAGE_KEY]: "nonsense" }), memoryStorage()).$stage.get()).toBe("details-screen");
  });

  it("remember the started payment and its hash for a reload, and forget it keeping the session id", () => {
    const session = memoryStorage();
    const s = createPaymentStores(memoryStorage(), session, () => "sid-1");
    s.rememberPayment("ql_1", info, "payer");
    s.rememberHash("hash-1");
    const again = createPaymentStores(memoryStorage(), session, () => "other");
    expect(again.$session.get()).toEqual({ sessionId: "sid-1", productId: "ql_1", info, hash: "hash-1", payer: "payer" });
    again.forgetPayment();
    expect(JSON.parse(session.data.get(PAYMENT_SESSION_KEY)!)).toEqual({ sessionId: "sid-1", productId: null, info: null, hash: null, payer: null });
  });

  it("start a new session over unreadable session data", () => {
    const s = createPaymentStores(memoryStorage(), memoryStorage({ [PAYMENT_SESSION_KEY]: "{oops" }), () => "sid-2");
    expect(s.$session.get().sessionId).toBe("sid-2");
  });

  it("accept only 'pay' and 'call_deploy' as transaction types (SPEC §4)", () => {
    const s = createPaymentStores(memoryStorage(), memoryStorage());
    s.changeTransactionType("call_deploy");
    expect(s.$flow.get().transactionType).toBe("call_deploy");
    s.changeTransactionType("refund");
    expect(s.$flow.get().transactionType).toBe("call_deploy");
  });

  it("reset the flow to 'pay' with instructions to show when returning to the details with no type (SPEC §4)", () => {
    const s = createPaymentStores(memoryStorage(), memoryStorage());
    s.$flow.set({ ...s.$flow.get(), transactionType: null, currentState: "failed" });
    s.setStage("details-screen");
    expect(s.$flow.get()).toMatchObject({ transactionType: "pay", currentState: "init", userInstructions: { should: true, shown: false } });
    s.setFlowState("failed");
    s.setStage("details-screen");
    expect(s.$flow.get().currentState).toBe("failed"); // a type is set: nothing is reset
  });

  it("merge results as the flow moves on", () => {
    const s = createPaymentStores(memoryStorage(), memoryStorage());
    s.setFlowState("processing", { info });
    s.setFlowState("processed", { result: { hash: "h", payer: "p" } });
    s.setFlowState("submitted", { result: { progress: { payment: "pay_1", status: "paid" } } });
    expect(s.$flow.get()).toMatchObject({ currentState: "submitted", transactionInfo: info, transactionResult: { hash: "h", payer: "p", progress: { status: "paid" } } });
  });

  it("keep working when storage refuses to write", () => {
    const broken = { getItem: () => null, setItem: () => { throw new Error("quota"); }, removeItem: () => { throw new Error("quota"); } };
    const s = createPaymentStores(broken, broken, () => "sid");
    s.setStage("result-screen");
    s.rememberHash("h");
    expect(s.$stage.get()).toBe("result-screen");
    expect(s.$session.get().hash).toBe("h");
  });
});
