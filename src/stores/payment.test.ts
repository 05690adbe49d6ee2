import { describe, expect, it } from "vitest";
import { paymentInfoFor, USD_PRODUCT } from "@/components/pay/testing/fake-pay";
import { installMemoryEngine } from "./testing/memory-engine";
import { memoryStorage } from "./testing/memory-storage";
import { PAYMENT_SESSION_KEY, PAYMENT_STAGE_KEY, createPaymentStores, persistentPaymentSession } from "./payment";

const info = paymentInfoFor(USD_PRODUCT);
/** The app's stores on whatever engine the test installed, with session ids of the test's choosing. */
const persisted = (makeId: () => string = () => "sid") => createPaymentStores({ $session: persistentPaymentSession(makeId) });

describe("payment stores", () => {
  it("start on the details screen with a fresh session id kept in session storage", () => {
    const { session } = installMemoryEngine();
    const s = persisted(() => "sid-1");
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
    const { local } = installMemoryEngine();
    const s = persisted();
    s.setStage("payment-screen");
    expect(local.data.get(PAYMENT_STAGE_KEY)).toBe("payment-screen");
    expect(persisted().$stage.get()).toBe("payment-screen");
    installMemoryEngine({ local: memoryStorage({ [PAYMENT_STAGE_KEY]: "nonsense" }) });
    expect(persisted().$stage.get()).toBe("details-screen");
  });

  it("remember the started payment and its hash for a reload, and forget it keeping the session id", () => {
    const { session } = installMemoryEngine();
    const s = persisted(() => "sid-1");
    s.rememberPayment("ql_1", info, "payer");
    s.rememberHash("hash-1");
    const again = persisted(() => "other");
    expect(again.$session.get()).toEqual({ sessionId: "sid-1", productId: "ql_1", info, hash: "hash-1", payer: "payer" });
    again.forgetPayment();
    expect(JSON.parse(session.data.get(PAYMENT_SESSION_KEY)!)).toEqual({ sessionId: "sid-1", productId: null, info: null, hash: null, payer: null });
  });

  it("keep a rest sent for a reload, refuse a malformed one, and forget it with the payment", () => {
    const stored = { sessionId: "sid-1", productId: "ql_1", info, hash: "rest-hash", payer: "payer", restSent: { received: "40000000", due: "9990000" } };
    const { session } = installMemoryEngine({ session: memoryStorage({ [PAYMENT_SESSION_KEY]: JSON.stringify(stored) }) });
    const s = persisted();
    expect(s.$session.get()).toEqual(stored);
    s.forgetPayment();
    expect(JSON.parse(session.data.get(PAYMENT_SESSION_KEY)!)).toEqual({ sessionId: "sid-1", productId: null, info: null, hash: null, payer: null });
    for (const restSent of [{ received: "40", due: -1 }, { received: "4e7", due: "1" }, "40000000"]) {
      installMemoryEngine({ session: memoryStorage({ [PAYMENT_SESSION_KEY]: JSON.stringify({ ...stored, restSent }) }) });
      expect(persisted().$session.get()).not.toHaveProperty("restSent");
    }
  });

  it.each([["unreadable", "{oops"], ["null", "null"], ["id-less", JSON.stringify({ productId: "ql_1" })]])(
    "start a new session over %s session data, and store it",
    (_label, raw) => {
      const { session } = installMemoryEngine({ session: memoryStorage({ [PAYMENT_SESSION_KEY]: raw }) });
      expect(persisted(() => "sid-2").$session.get()).toEqual({ sessionId: "sid-2", productId: null, info: null, hash: null, payer: null });
      expect(JSON.parse(session.data.get(PAYMENT_SESSION_KEY)!)).toMatchObject({ sessionId: "sid-2" });
    },
  );

  it("keep the session to this tab: another tab's payment session stays out of local storage", () => {
    const { local } = installMemoryEngine();
    persisted().rememberPayment("ql_1", info, null);
    expect(local.data.has(PAYMENT_SESSION_KEY)).toBe(false);
  });

  it("keep each tab's screen: another tab moving on does not move this one", () => {
    const tabs = installMemoryEngine();
    const s = persisted();
    const stop = s.$stage.listen(() => {});
    tabs.otherTab(PAYMENT_STAGE_KEY, "result-screen");
    expect(s.$stage.get()).toBe("details-screen");
    stop();
  });

  it("accept only 'pay' and 'call_deploy' as transaction types (SPEC §4)", () => {
    installMemoryEngine();
    const s = persisted();
    s.changeTransactionType("call_deploy");
    expect(s.$flow.get().transactionType).toBe("call_deploy");
    s.changeTransactionType("refund");
    expect(s.$flow.get().transactionType).toBe("call_deploy");
  });

  it("reset the flow to 'pay' with instructions to show when returning to the details with no type (SPEC §4)", () => {
    installMemoryEngine();
    const s = persisted();
    s.$flow.set({ ...s.$flow.get(), transactionType: null, currentState: "failed" });
    s.setStage("details-screen");
    expect(s.$flow.get()).toMatchObject({ transactionType: "pay", currentState: "init", userInstructions: { should: true, shown: false } });
    s.setFlowState("failed");
    s.setStage("details-screen");
    expect(s.$flow.get().currentState).toBe("failed"); // a type is set: nothing is reset
  });

  it("merge results as the flow moves on", () => {
    installMemoryEngine();
    const s = persisted();
    s.setFlowState("processing", { info });
    s.setFlowState("processed", { result: { hash: "h", payer: "p" } });
    s.setFlowState("submitted", { result: { progress: { payment: "pay_1", status: "paid" } } });
    expect(s.$flow.get()).toMatchObject({ currentState: "submitted", transactionInfo: info, transactionResult: { hash: "h", payer: "p", progress: { status: "paid" } } });
  });

  it("keep working when storage refuses to write", () => {
    const broken = () => ({ getItem: () => null, setItem: () => { throw new Error("quota"); }, removeItem: () => { throw new Error("quota"); } });
    installMemoryEngine({ local: { ...memoryStorage(), ...broken() }, session: { ...memoryStorage(), ...broken() } });
    const s = persisted();
    s.setStage("result-screen");
    s.rememberHash("h");
    expect(s.$stage.get()).toBe("result-screen");
    expect(s.$session.get().hash).toBe("h");
  });
});
