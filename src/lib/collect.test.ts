import { describe, expect, it } from "vitest";
import { ValidationError } from "yup";
import { COLLECT_MESSAGES, collectCurrencies, collectSchema, collectStatus, isEmailAddress, showsCollectMenu, toCollectInput, type CollectFormValues } from "./collect";

const schema = collectSchema({ currencies: collectCurrencies("EUR") });
const valid: CollectFormValues = { name: "Ada Payer", email: "ada@example.com", desc: "March consulting", price: "12.5", currency: "EUR", site: "" };

async function errors(values: Partial<CollectFormValues>): Promise<Record<string, string>> {
  try {
    await schema.validate({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path, e.message]));
  }
}

describe("zRequest validation (SPEC §5)", () => {
  it("accepts a plain request", async () => {
    expect(await errors({})).toEqual({});
    expect(await errors({ currency: "USDC", price: "0.1" })).toEqual({});
  });

  it("requires a name", async () => {
    expect(await errors({ name: "  " })).toEqual({ name: "Please add the name" });
    expect(await errors({ name: "x".repeat(101) })).toEqual({ name: COLLECT_MESSAGES.nameTooLong });
  });

  it("requires a valid e-mail address", async () => {
    expect(await errors({ email: "" })).toEqual({ email: "Please add valid email address" });
    for (const bad of ["ada", "ada@", "ada@example", "a da@example.com", "ada@@example.com"]) {
      expect(await errors({ email: bad })).toEqual({ email: "Invalid email address" });
    }
    expect(isEmailAddress("ada.lovelace+zpay@mail.example.org")).toBe(true);
  });

  it("requires a message", async () => {
    expect(await errors({ desc: "" })).toEqual({ desc: "Please add description for the collect request" });
  });

  it("requires an amount that is a number, positive and at least 0.1", async () => {
    expect(await errors({ price: "" })).toEqual({ price: "Please add amount to collect" });
    expect(await errors({ price: "abc" })).toEqual({ price: "Invalid amount" });
    expect(await errors({ price: "-3" })).toEqual({ price: "Price cannot be less than zero" });
    expect(await errors({ price: "0" })).toEqual({ price: "Amount must be at least 0.1" });
    expect(await errors({ price: "0.09" })).toEqual({ price: "Amount must be at least 0.1" });
    expect(await errors({ price: "0.10" })).toEqual({});
  });

  it("keeps to the currency's decimals, the list and the cap", async () => {
    expect(await errors({ price: "1.234" })).toEqual({ price: "Use at most 2 decimals for EUR" });
    expect(await errors({ price: "1.234567", currency: "USDC" })).toEqual({});
    expect(await errors({ currency: "BTC" })).toEqual({ currency: COLLECT_MESSAGES.currencyInvalid });
    expect(await errors({ price: "1000000000.01" })).toEqual({ price: COLLECT_MESSAGES.priceTooLarge });
  });

  it("refuses a site that is not a web address", async () => {
    expect(await errors({ site: "not a site" })).toEqual({ site: "Invalid website url (Ex: https://example.com)" });
  });
});

describe("toCollectInput", () => {
  it("normalises text and prices exactly", () => {
    expect(toCollectInput({ ...valid, name: " Ada ", price: "12,50" })).toEqual({
      name: "Ada",
      email: "ada@example.com",
      desc: "March consulting",
      site: null,
      price: "12.5",
      currency: "EUR",
      useFiat: true,
      priceBaseUnits: null,
    });
    expect(toCollectInput({ ...valid, price: "3.000001", currency: "USDC" })).toMatchObject({ useFiat: false, priceBaseUnits: 3_000_001n });
    expect(() => toCollectInput({ ...valid, price: "x" })).toThrow(RangeError);
  });
});

describe("rows", () => {
  it("read Disabled only before a payment, and offer the menu only while open", () => {
    expect(collectStatus({ enabled: true, paymentInfo: null })).toBe("pending");
    expect(collectStatus({ enabled: false, paymentInfo: null })).toBe("disabled");
    const paid = { status: "validated", validatedAt: "2026-01-01T00:00:00Z" } as never;
    expect(showsCollectMenu({ enabled: true, paymentInfo: null })).toBe(true);
    expect(showsCollectMenu({ enabled: true, paymentInfo: paid })).toBe(false);
    expect(showsCollectMenu({ enabled: false, paymentInfo: null })).toBe(false);
  });
});
