import { describe, expect, it } from "vitest";
import { billActions, formatDecimalAmount, formatInvoiceAmount, inCurrency, invoiceActions, merchantInvoiceViewPath, toLayout } from "./bills-display";
import { emptyLine } from "./invoice-form";

describe("formatInvoiceAmount", () => {
  it("shows hundredths with two places and the currency, in the reader's locale", () => {
    expect(formatInvoiceAmount(12345n, "USD", "en")).toBe("123.45 USD");
    expect(formatInvoiceAmount("100000005", "EUR", "en")).toBe("1,000,000.05 EUR");
    expect(formatInvoiceAmount("5", "EUR", "fr")).toBe("0,05 EUR");
  });
});

describe("formatDecimalAmount", () => {
  it("pads to two places and keeps text that is not a number", () => {
    expect(formatDecimalAmount("12.5", "USD", "en")).toBe("12.50 USD");
    expect(formatDecimalAmount("0.123456", "USDC", "en")).toBe("0.123456 USDC");
    expect(formatDecimalAmount("n/a", "USD", "en")).toBe("n/a USD");
  });
});

describe("lines", () => {
  it("moves every amount to the invoice currency", () => {
    const lines = inCurrency([emptyLine("LEGAL", "USD"), emptyLine("DEFAULT", "USD")], "EUR");
    expect(JSON.stringify(lines)).not.toContain("USD");
    expect(JSON.stringify(lines).match(/EUR/g)).toHaveLength(4);
  });

  it("switches layout keeping the text and quantity", () => {
    const legal = toLayout([{ description: "Audit", quantity: "2", unitPrice: { currency: "USD", value: "5" }, taxPercent: "10" }], "LEGAL", "USD");
    expect(legal).toEqual([{ ...emptyLine("LEGAL", "USD"), particulars: "Audit", quantity: "2" }]);
    expect(toLayout([], "LEGAL", "EUR")).toEqual([emptyLine("LEGAL", "EUR")]);
    expect(toLayout(legal, "DEFAULT", "USD")).toEqual([{ ...emptyLine("DEFAULT", "USD"), description: "Audit", quantity: "2" }]);
  });
});

describe("row actions", () => {
  it("offers Edit and instructions only on an open zInvoice", () => {
    expect(billActions({ enabled: true, status: "ACTIVE", paymentInfo: null })).toEqual({ edit: true, instructions: true, view: true });
    expect(billActions({ enabled: true, status: "PAID", paymentInfo: null }).edit).toBe(false);
    expect(billActions({ enabled: false, status: "DISABLED", paymentInfo: null }).instructions).toBe(false);
    expect(billActions({ enabled: true, status: "ACTIVE", paymentInfo: {} }).edit).toBe(false);
  });

  it("offers Edit and Cancel only while an invoice is ACTIVE", () => {
    expect(invoiceActions({ enabled: true, status: "ACTIVE" })).toEqual({ edit: true, cancel: true, copyLink: true });
    expect(invoiceActions({ enabled: true, status: "PAID" })).toEqual({ edit: false, cancel: false, copyLink: true });
    expect(invoiceActions({ enabled: true, status: "CANCELLED" })).toEqual({ edit: false, cancel: false, copyLink: false });
  });
});

describe("merchantInvoiceViewPath", () => {
  it("names a zInvoice by ?bill= and a v1 invoice by ?id=", () => {
    expect(merchantInvoiceViewPath("bill", "b 1")).toBe("/invoices/view?bill=b%201");
    expect(merchantInvoiceViewPath("invoice", "i1")).toBe("/invoices/view?id=i1");
  });
});
