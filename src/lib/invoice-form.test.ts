import { describe, expect, it } from "vitest";
import {
  INVOICE_MESSAGES as M,
  addDays,
  customerSchema,
  dueDistance,
  emptyLine,
  formatInvoiceDate,
  invoiceFormDefaults,
  invoiceIssues,
  isIsoDate,
  withAtLeastOneLine,
} from "./invoice-form";
import type { DefaultInclusion, LegalInclusion } from "./invoice";
import { ValidationError } from "yup";

const line: DefaultInclusion = { description: "Design", quantity: "2", unitPrice: { currency: "USD", value: "10.5" }, taxPercent: "10" };
const legal: LegalInclusion = {
  particulars: "Filing",
  quantity: "1",
  professionalFees: { currency: "USD", value: "100" },
  officialFees: { currency: "USD", value: "20" },
  vat: { currency: "USD", value: "5" },
};
const valid = { label: "Pay Now", layout: "DEFAULT", issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: "c1", currency: "USD", invoiceInclusions: [line], notes: "" };

const byPath = async (values: Record<string, unknown>, options = {}) =>
  Object.fromEntries((await invoiceIssues({ ...valid, ...values }, options)).map((i) => [i.path, i.message]));

describe("invoice form schema (SPEC §5)", () => {
  it("accepts a complete invoice in both layouts", async () => {
    expect(await invoiceIssues(valid)).toEqual([]);
    expect(await invoiceIssues({ ...valid, layout: "LEGAL", invoiceInclusions: [legal] })).toEqual([]);
  });

  it("requires the label for a bill ('Please add button label') and defaults it for a v1 invoice", async () => {
    expect(await byPath({ label: " " })).toEqual({ label: M.labelRequired });
    expect(await byPath({ label: "" }, { requireLabel: false })).toEqual({});
  });

  it("requires issuedOn, paymentDueOn, client and currency ('Required') and at least one line", async () => {
    expect(await byPath({ issuedOn: "", paymentDueOn: "", client: "", currency: "" })).toEqual({
      issuedOn: "Required",
      paymentDueOn: "Required",
      client: "Required",
      currency: "Required",
    });
    expect(await byPath({ invoiceInclusions: [] })).toEqual({ invoiceInclusions: "Required" });
    expect(await byPath({ issuedOn: "2026-02-30" })).toEqual({ issuedOn: M.invalidDate });
  });

  it("gives every default line message", async () => {
    const bad = (l: Partial<DefaultInclusion>) => byPath({ invoiceInclusions: [{ ...line, ...l }] });
    expect(await bad({ description: "" })).toEqual({ "invoiceInclusions[0].description": "Description is required" });
    expect(await bad({ quantity: "" })).toEqual({ "invoiceInclusions[0].quantity": "Quantity is required" });
    expect(await bad({ quantity: "-1" })).toEqual({ "invoiceInclusions[0].quantity": "Cannot be negative number" });
    expect(await bad({ quantity: "two" })).toEqual({ "invoiceInclusions[0].quantity": "Invalid Input for non-numbers" });
    expect(await bad({ unitPrice: { currency: "USD", value: "" } })).toEqual({ "invoiceInclusions[0].unitPrice.value": "Unit price is required" });
    expect(await bad({ unitPrice: { currency: "", value: "1" } })).toEqual({ "invoiceInclusions[0].unitPrice.currency": "Required" });
    expect(await bad({ taxPercent: "" })).toEqual({ "invoiceInclusions[0].taxPercent": "Tax percent is required" });
    expect(await bad({ taxPercent: "-3" })).toEqual({ "invoiceInclusions[0].taxPercent": "Cannot be negative number" });
  });

  it("gives every LEGAL line message; vat reuses the official fee message", async () => {
    const bad = (l: Partial<LegalInclusion>) => byPath({ layout: "LEGAL", invoiceInclusions: [{ ...legal, ...l }] });
    const empty = { currency: "USD", value: "" };
    expect(await bad({ particulars: "" })).toEqual({ "invoiceInclusions[0].particulars": "Particulars are required" });
    expect(await bad({ professionalFees: empty })).toEqual({ "invoiceInclusions[0].professionalFees.value": "Professional fees are required" });
    expect(await bad({ officialFees: empty })).toEqual({ "invoiceInclusions[0].officialFees.value": "Official fees are required" });
    expect(await bad({ vat: empty })).toEqual({ "invoiceInclusions[0].vat.value": "Official fees are required" });
    expect(await bad({ vat: { currency: "USD", value: "-1" } })).toEqual({ "invoiceInclusions[0].vat.value": "Cannot be negative number" });
    expect(await bad({ quantity: "x" })).toEqual({ "invoiceInclusions[0].quantity": "Invalid Input for non-numbers" });
    // A default line in a LEGAL invoice is checked as LEGAL.
    expect(await byPath({ layout: "LEGAL" })).toHaveProperty(["invoiceInclusions[0].particulars"], "Particulars are required");
  });

  it("restricts the currency to the merchant's list when given", async () => {
    expect(await byPath({ currency: "EUR" }, { currencies: ["USD", "USDC"] })).toEqual({ currency: M.currencyInvalid });
  });
});

describe("defaults and dates (SPEC §9)", () => {
  it("issues today, due one week later, one empty line, USD, 'Pay Now'", () => {
    const d = invoiceFormDefaults(new Date(2026, 11, 28, 15));
    expect(d).toMatchObject({ issuedOn: "2026-12-28", paymentDueOn: "2027-01-04", currency: "USD", label: "Pay Now", layout: "DEFAULT" });
    expect(d.invoiceInclusions).toEqual([emptyLine("DEFAULT")]);
    expect(invoiceFormDefaults(new Date(2026, 0, 1), "LEGAL").invoiceInclusions[0]).toHaveProperty("particulars", "");
  });

  it("adds a line when there is none", () => {
    expect(withAtLeastOneLine({ layout: "LEGAL" as const, currency: "EUR", invoiceInclusions: [] }).invoiceInclusions).toEqual([emptyLine("LEGAL", "EUR")]);
    expect(withAtLeastOneLine({ layout: "DEFAULT" as const, currency: "USD", invoiceInclusions: [line] }).invoiceInclusions).toEqual([line]);
  });

  it("formats yyyy/MM/dd and checks calendar dates", () => {
    expect(formatInvoiceDate("2026-03-09")).toBe("2026/03/09");
    expect(addDays("2024-02-26", 7)).toBe("2024-03-04");
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
  });

  it("says due in / overdue by with the distance in the page language", () => {
    const now = new Date("2026-11-24T10:00:00Z");
    expect(dueDistance("2026-11-27", now, "en")).toEqual({ overdue: false, distance: "3 days" });
    expect(dueDistance("2026-11-24", now, "en")).toEqual({ overdue: false, distance: "14 hours" });
    expect(dueDistance("2026-11-20", now, "en")).toEqual({ overdue: true, distance: "3 days" });
    expect(dueDistance("2027-03-01", now, "en")).toEqual({ overdue: false, distance: "3 months" });
    expect(dueDistance("2099-12-01", now, "en")).toEqual({ overdue: false, distance: "73 years" });
    expect(dueDistance("2026-11-20", now, "fr")).toEqual({ overdue: true, distance: "3\u00a0jours" });
  });
});

describe("customer form (SPEC §5)", () => {
  const errors = async (values: Record<string, unknown>) => {
    try {
      await customerSchema().validate({ name: "Ada", email: "ada@example.com", address: ["1 Main St", ""], ...values }, { abortEarly: false });
      return {};
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return Object.fromEntries(err.inner.map((e) => [e.path, e.message]));
    }
  };
  it("requires a name and a valid e-mail; the address is at most two lines", async () => {
    expect(await errors({})).toEqual({});
    expect(await errors({ name: "" })).toEqual({ name: "Required" });
    expect(await errors({ email: "nope" })).toEqual({ email: "Invalid Email Address" });
    expect(await errors({ email: "" })).toEqual({ email: "Invalid Email Address" });
    expect(await errors({ address: ["a", "b", "c"] })).toEqual({ address: M.tooLong });
  });
});
