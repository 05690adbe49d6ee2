import { describe, expect, it } from "vitest";
import { SOLANA_DEVNET, SOLANA_MAINNET } from "./chains";
import { formatAmount, formatDateTime, paymentMethod, paymentStages, platformOrderId, transactionLink, type PaymentInfoDto } from "./transaction-details";

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

  it("shows the platform order id only for shopify-order payments", () => {
    expect(platformOrderId({ type: "shopify-order", merchantExtras: { orderId: "#1001" } })).toBe("#1001");
    expect(platformOrderId({ type: "quick-pay", merchantExtras: { orderId: "#1001" } })).toBeUndefined();
  });
});
