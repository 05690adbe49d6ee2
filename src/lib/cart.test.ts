import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ValidationError } from "yup";
import {
  CART_MESSAGES,
  cartTotal,
  catalogItemSchema,
  checkoutSchema,
  cartLineAmount,
  toCatalogItemInput,
  type CatalogItemFormValues,
  type CheckoutFormValues,
} from "./cart";
import { zlinkCurrencies } from "./zlink";

async function errors(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path, e.message]));
  }
}

describe("cartTotal", () => {
  const lines = [
    { itemId: "a", unitPrice: "2.5", quantity: 2 },
    { itemId: "b", unitPrice: "0.1", quantity: 3 },
  ];

  it("adds unit price × quantity exactly", () => {
    expect(cartTotal(lines)).toBe("5.3");
    expect(cartTotal([{ itemId: "a", unitPrice: "0.1", quantity: 3 }])).toBe("0.3");
    expect(cartTotal([])).toBe("0");
  });

  it("takes the payer's quantities where given (0 removes a line)", () => {
    expect(cartTotal(lines, { a: 1 })).toBe("2.8");
    expect(cartTotal(lines, { a: 0, b: 10 })).toBe("1");
  });

  it("keeps token precision", () => {
    expect(cartTotal([{ itemId: "a", unitPrice: "1.123456", quantity: 99 }])).toBe("111.222144");
  });

  it("prices one line exactly", () => {
    expect(cartLineAmount("2.5", 3)).toBe("7.5");
    expect(cartLineAmount("0.1", 99)).toBe("9.9");
  });

  it("equals the sum of the line amounts (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ cents: fc.integer({ min: 0, max: 10_000_000 }), quantity: fc.integer({ min: 0, max: 99 }) }), { maxLength: 10 }),
        (raw) => {
          const ls = raw.map((r, i) => ({ itemId: String(i), unitPrice: (r.cents / 100).toFixed(2), quantity: r.quantity }));
          const cents = raw.reduce((sum, r) => sum + BigInt(r.cents) * BigInt(r.quantity), 0n);
          const expected = Number(cents) / 100;
          expect(Number(cartTotal(ls))).toBeCloseTo(expected, 2);
          expect(cartTotal(ls).split(".")[1]?.length ?? 0).toBeLessThanOrEqual(2);
        },
      ),
    );
  });
});

describe("catalogue item schema", () => {
  const schema = catalogItemSchema({ currencies: zlinkCurrencies("EUR") });
  const valid: CatalogItemFormValues = { name: "Mug", description: "", price: "12.5", currency: "EUR", imageId: "" };

  it("accepts an item", async () => {
    expect(await errors(schema, valid)).toEqual({});
    expect(toCatalogItemInput(valid)).toMatchObject({ name: "Mug", price: "12.5", useFiat: true, priceBaseUnits: null, imageId: null });
    expect(toCatalogItemInput({ ...valid, currency: "USDC", price: "1,5" })).toMatchObject({ price: "1.5", useFiat: false, priceBaseUnits: 1_500_000n });
  });

  it("says what is wrong, with zLink's price texts", async () => {
    expect(await errors(schema, { ...valid, name: " " })).toEqual({ name: CART_MESSAGES.nameRequired });
    expect(await errors(schema, { ...valid, price: "" })).toEqual({ price: "Please add amount for quick payment" });
    expect(await errors(schema, { ...valid, price: "abc" })).toEqual({ price: "Invalid price" });
    expect(await errors(schema, { ...valid, price: "-1" })).toEqual({ price: "Price cannot be less than zero" });
    expect(await errors(schema, { ...valid, price: "0.05" })).toEqual({ price: "Amount must be at least 0.1" });
    expect(await errors(schema, { ...valid, price: "1.234" })).toEqual({ price: "Use at most 2 decimals for EUR" });
    expect(await errors(schema, { ...valid, currency: "BTC" })).toEqual({ currency: "Choose a currency from the list" });
  });
});

describe("checkout schema", () => {
  const currencies: Record<string, string> = { a: "USD", b: "USD", c: "USDC" };
  const schema = checkoutSchema({ itemCurrency: (id) => currencies[id] });
  const valid: CheckoutFormValues = { label: "Buy", description: "", lines: [{ itemId: "a", quantity: 1 }], quantitiesEditable: true };

  it("accepts a checkout", async () => {
    expect(await errors(schema, valid)).toEqual({});
  });

  it("requires a label and a line", async () => {
    expect(await errors(schema, { ...valid, label: "" })).toEqual({ label: "Please add button label" });
    expect(await errors(schema, { ...valid, lines: [] })).toEqual({ lines: CART_MESSAGES.linesRequired });
  });

  it("keeps quantities within 1..99", async () => {
    expect(await errors(schema, { ...valid, lines: [{ itemId: "a", quantity: 0 }] })).toEqual({ "lines[0].quantity": CART_MESSAGES.quantityInvalid });
    expect(await errors(schema, { ...valid, lines: [{ itemId: "a", quantity: 100 }] })).toEqual({ "lines[0].quantity": CART_MESSAGES.quantityInvalid });
    expect(await errors(schema, { ...valid, lines: [{ itemId: "a", quantity: 1.5 }] })).toEqual({ "lines[0].quantity": CART_MESSAGES.quantityInvalid });
  });

  it("refuses unknown items, repeats and mixed currencies", async () => {
    expect(await errors(schema, { ...valid, lines: [{ itemId: "z", quantity: 1 }] })).toEqual({ lines: CART_MESSAGES.itemUnknown });
    expect(await errors(schema, { ...valid, lines: [{ itemId: "a", quantity: 1 }, { itemId: "a", quantity: 2 }] })).toEqual({ lines: CART_MESSAGES.itemTwice });
    expect(await errors(schema, { ...valid, lines: [{ itemId: "a", quantity: 1 }, { itemId: "c", quantity: 2 }] })).toEqual({ lines: CART_MESSAGES.mixedCurrencies });
    expect(await errors(schema, { ...valid, lines: [{ itemId: "a", quantity: 1 }, { itemId: "b", quantity: 2 }] })).toEqual({});
  });
});
