import { describe, expect, it } from "vitest";
import { SOLANA_DEVNET, SOLANA_MAINNET } from "./chains";
import {
  formatAmount,
  formatDateTime,
  splitDateTime,
  paymentMethod,
  paymentStages,
  platformOrderId,
  refundSummary,
  transactionLink,
  type PaymentInfoDto,
} from "./transaction-details";

const info: PaymentInfoDto = {
  _id: "t1",
  status: "validated",
  requestedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
  recievedAmount: { value: "12500000", decimals: 6, currency: "USDC" },
  chain: SOLANA_MAINNET,
  hash: "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW",
  payer: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  ramp: false,
  swap: null,
  type: "quick-pay",
  merchantExtras: null,
  lockedAt: "2026-11-02T10:00:00.000Z",
  paidAt: "2026-11-02T10:00:05.000Z",
  validatedAt: "2026-11-02T10:00:20.000Z",
  failedAt: null,
  refundedAt: null,
  refundedAmount: "0",
  productInfo: null,
};

describe("transaction details", () => {
  it("formats exact amounts with their currency", () => {
    expect(formatAmount(info.requestedAmount)).toBe("12.5 USDC");
    expect(formatAmount({ value: "1", decimals: 9, currency: "SOL" })).toBe("0.000000001 SOL");
  });

  it("names the payment method: Ramp, Swap or Direct", () => {
    expect(paymentMethod(info)).toBe("direct");
    expect(paymentMethod({ ...info, swap: { type: "swap", token: "SOL" } })).toBe("swap");
    expect(paymentMethod({ ...info, ramp: true, swap: { type: "swap", token: "SOL" } })).toBe("ramp");
  });

  it("lists the four stages in order with their times", () => {
    expect(paymentStages(info)).toEqual([
      { stage: "initiated", at: info.lockedAt },
      { stage: "paid", at: info.paidAt },
      { stage: "validated", at: info.validatedAt },
      { stage: "failed", at: null },
    ]);
  });

  it("adds a Refunded stage with its time once the payment is fully refunded, not before", () => {
    expect(paymentStages({ ...info, refundedAmount: "5000000" }).map((s) => s.stage)).toEqual(["initiated", "paid", "validated", "failed"]);
    const refundedAt = "2026-11-03T09:00:00.000Z";
    expect(paymentStages({ ...info, status: "refunded", refundedAmount: "12500000", refundedAt }).at(-1)).toEqual({ stage: "refunded", at: refundedAt });
  });

  it.each([
    { name: "nothing refunded", refundedAmount: "0", refundedAt: null, recieved: "12500000", want: null },
    { name: "empty text reads as nothing", refundedAmount: "", refundedAt: null, recieved: "12500000", want: null },
    { name: "part refunded", refundedAmount: "5000000", refundedAt: null, recieved: "12500000", want: { text: "5 USDC", extent: "partial" } },
    { name: "one base unit", refundedAmount: "1", refundedAt: null, recieved: "12500000", want: { text: "0.000001 USDC", extent: "partial" } },
    { name: "all refunded (refundedAt set)", refundedAmount: "12500000", refundedAt: "2026-11-03T09:00:00.000Z", recieved: "12500000", want: { text: "12.5 USDC", extent: "full" } },
    { name: "reaches the received amount before refundedAt is read", refundedAmount: "12500000", refundedAt: null, recieved: "12500000", want: { text: "12.5 USDC", extent: "full" } },
    { name: "nothing received: in the requested token", refundedAmount: "2000000", refundedAt: null, recieved: null, want: { text: "2 USDC", extent: "partial" } },
  ])("summarises the refund: $name", ({ refundedAmount, refundedAt, recieved, want }) => {
    const summary = refundSummary({
      ...info,
      refundedAmount,
      refundedAt,
      recievedAmount: recieved === null ? null : { value: recieved, decimals: 6, currency: "USDC" },
    });
    expect(summary && { text: formatAmount(summary.amount), extent: summary.extent }).toEqual(want);
  });

  it("keeps the received token's decimals and currency (no float)", () => {
    const summary = refundSummary({ ...info, recievedAmount: { value: "3000000000000000000", decimals: 18, currency: "ETH" }, refundedAmount: "1000000000000000001" });
    expect(summary?.amount).toEqual({ value: "1000000000000000001", decimals: 18, currency: "ETH" });
    expect(formatAmount(summary!.amount)).toBe("1.000000000000000001 ETH");
  });

  it("links the hash to the server's link, else the chain's explorer, else nowhere", () => {
    expect(transactionLink(info)).toBe(`https://solscan.io/tx/${info.hash}`);
    expect(transactionLink({ ...info, scanLink: "http://localhost:4322/tx/-5001/abc" })).toBe("http://localhost:4322/tx/-5001/abc");
    expect(transactionLink({ ...info, chain: SOLANA_DEVNET })).toBeUndefined();
    expect(transactionLink({ ...info, hash: null })).toBeUndefined();
  });

  it("formats times in the reader's locale", () => {
    expect(formatDateTime("2026-11-02T10:00:00.000Z", "en", "UTC")).toBe("Nov 2, 2026, 10:00 AM");
    expect(formatDateTime("2026-11-02T10:00:00.000Z", "fr", "UTC")).toBe("2 nov. 2026, 10:00");
  });

  it("cuts a date and time between the two, rejoining to the same text", () => {
    expect(splitDateTime("2026-11-02T10:00:00.000Z", "en", "UTC")).toEqual({ date: "Nov 2, 2026,", time: "10:00 AM" });
    expect(splitDateTime("2026-11-02T10:00:00.000Z", "fr", "UTC")).toEqual({ date: "2 nov. 2026,", time: "10:00" });
    for (const lng of ["en", "fr"]) {
      const { date, time } = splitDateTime("2026-12-31T23:59:00.000Z", lng, "Europe/Paris");
      expect(`${date} ${time}`).toBe(formatDateTime("2026-12-31T23:59:00.000Z", lng, "Europe/Paris"));
    }
  });

  it("shows the platform order id only for shopify-order payments", () => {
    expect(platformOrderId({ type: "shopify-order", merchantExtras: { orderId: "#1001" } })).toBe("#1001");
    expect(platformOrderId({ type: "quick-pay", merchantExtras: { orderId: "#1001" } })).toBeUndefined();
  });
});
