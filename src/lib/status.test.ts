import { describe, expect, it } from "vitest";
import {
  BILL_STATUSES,
  PAYMENT_CHIP_STATES,
  billStatus,
  paymentChipState,
  paymentRowChipState,
  paymentRowStatus,
  paymentStatus,
  type PaymentStatusFields,
} from "./status";

const at = "2026-11-02T10:00:00.000Z";

describe("paymentChipState (SPEC §4 reading 1)", () => {
  it.each<[string, PaymentStatusFields | null | undefined, string]>([
    ["no payment info", undefined, "pending"],
    ["null payment info", null, "pending"],
    ["empty payment info", {}, "pending"],
    ["unknown status", { status: "locked" }, "pending"],
    ["status failed", { status: "failed" }, "failed"],
    ["failedAt set", { failedAt: at }, "failed"],
    ["status initiated", { status: "initiated" }, "initiated"],
    ["initiated with some money in is partly paid", { status: "initiated", recievedAmount: { value: "9000000" } }, "partlyPaid"],
    ["initiated with nothing in yet", { status: "initiated", recievedAmount: { value: "0" } }, "initiated"],
    ["a failed underpayment is failed, not partly paid", { status: "failed", recievedAmount: { value: "9000000" } }, "failed"],
    ["status validated", { status: "validated" }, "completed"],
    ["validatedAt set", { validatedAt: at }, "completed"],
    ["status paid", { status: "paid" }, "verifying"],
    ["paidAt set", { paidAt: at }, "verifying"],
    ["status refunded", { status: "refunded" }, "refunded"],
    ["refundedAt set", { refundedAt: at }, "refunded"],
    ["status in capitals", { status: "VALIDATED" }, "completed"],
    ["a Date object", { paidAt: new Date(at) }, "verifying"],
    // Precedence: the first matching rule wins.
    ["failedAt beats validated", { status: "validated", validatedAt: at, failedAt: at }, "failed"],
    ["status failed beats paidAt", { status: "failed", paidAt: at }, "failed"],
    ["failedAt beats initiated", { status: "initiated", failedAt: at }, "failed"],
    ["initiated beats paidAt", { status: "initiated", paidAt: at }, "initiated"],
    ["validatedAt beats status paid", { status: "paid", validatedAt: at }, "completed"],
    ["validated beats refundedAt", { status: "validated", refundedAt: at }, "completed"],
    ["paidAt beats refundedAt", { paidAt: at, refundedAt: at }, "verifying"],
    ["status paid beats refunded timestamps", { status: "paid", refundedAt: at }, "verifying"],
    ["null timestamps are unset", { status: null, failedAt: null, validatedAt: null, paidAt: null, refundedAt: null }, "pending"],
  ])("%s reads %s", (_name, payment, expected) => {
    expect(paymentChipState(payment)).toBe(expected);
  });
});

describe("paymentRowChipState (zLink / zRequest rows)", () => {
  it.each<[string, Parameters<typeof paymentRowChipState>[0], string]>([
    ["enabled row without payment", { enabled: true }, "pending"],
    ["row with enabled unset", {}, "pending"],
    ["disabled row without payment", { enabled: false }, "disabled"],
    ["disabled row with an empty payment", { enabled: false, paymentInfo: {} }, "disabled"],
    ["disabled row with a completed payment", { enabled: false, paymentInfo: { status: "validated", validatedAt: at } }, "disabled"],
    ["disabled row with a verifying payment", { enabled: false, paymentInfo: { status: "paid", paidAt: at } }, "disabled"],
    ["disabled row with a failed payment", { enabled: false, paymentInfo: { status: "failed" } }, "disabled"],
    ["disabled row with an initiated payment", { enabled: false, paymentInfo: { status: "initiated" } }, "disabled"],
    ["enabled row with a completed payment", { enabled: true, paymentInfo: { validatedAt: at } }, "completed"],
    ["enabled row with a paid payment", { enabled: true, paymentInfo: { status: "paid" } }, "verifying"],
  ])("%s reads %s", (_name, row, expected) => {
    expect(paymentRowChipState(row)).toBe(expected);
  });

  it("returns the label key and colour of the state", () => {
    expect(paymentRowStatus({ enabled: false })).toEqual({ labelKey: "primitives.status.disabled", color: "error" });
    expect(paymentRowStatus({ paymentInfo: { validatedAt: at } })).toEqual({ labelKey: "primitives.status.completed", color: "primary" });
    expect(paymentStatus({ status: "paid" })).toEqual({ labelKey: "primitives.status.verifying", color: "warning" });
  });

  it.each(Object.entries(PAYMENT_CHIP_STATES))("%s has its own label key", (state, display) => {
    expect(display.labelKey).toBe(`primitives.status.${state}`);
  });
});

describe("billStatus (SPEC §4 reading 2)", () => {
  it.each([
    ["ACTIVE", "primitives.status.active", "secondary"],
    ["DRAFT", "primitives.status.draft", "warning"],
    ["PAID", "primitives.status.paid", "primary"],
    ["CANCELLED", "primitives.status.cancelled", "error"],
    ["DISABLED", "primitives.status.disabled", "error"],
    ["INIT", "primitives.status.pending", "info"],
    ["paid", "primitives.status.paid", "primary"],
    [" Active ", "primitives.status.active", "secondary"],
    [undefined, "primitives.status.pending", "info"],
    [null, "primitives.status.pending", "info"],
    ["", "primitives.status.pending", "info"],
  ])("%s reads %s in %s", (status, labelKey, color) => {
    expect(billStatus(status)).toEqual({ labelKey, color });
  });

  it.each([
    ["OVERDUE", "Overdue"],
    ["PARTIALLY_PAID", "Partially Paid"],
    ["refund-pending", "Refund Pending"],
  ])("an unknown status %s keeps its name (%s) in info", (status, label) => {
    expect(billStatus(status)).toEqual({ labelKey: "primitives.status.other", color: "info", labelValues: { status: label } });
  });

  it("knows exactly the six named statuses", () => {
    expect([...BILL_STATUSES].sort()).toEqual(["ACTIVE", "CANCELLED", "DISABLED", "DRAFT", "INIT", "PAID"]);
  });
});
