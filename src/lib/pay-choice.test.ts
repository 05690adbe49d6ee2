import { describe, expect, it } from "vitest";
import type { PayableProduct } from "./pay-api";
import { choiceReady, choiceRequest, chosenPrice, scaledEstimate } from "./pay-choice";

const base: PayableProduct = {
  id: "p1",
  type: "quick-pay",
  label: "Tea",
  price: "10",
  currency: "USDC",
  useFiat: false,
  estimatedUsdc: "10",
  merchant: { displayName: "Shop" },
  options: [],
  sandbox: true,
};
const donation: PayableProduct = { ...base, type: "donate", price: "0.1", estimatedUsdc: "0.1", donation: { suggestedAmounts: ["5", "10"], minimum: "0.1" } };
const cart = (quantitiesEditable: boolean): PayableProduct => ({
  ...base,
  type: "product",
  price: "14.5",
  estimatedUsdc: "14.5",
  cart: {
    quantitiesEditable,
    lines: [
      { itemId: "mug", name: "Mug", unitPrice: "12.5", quantity: 1 },
      { itemId: "tea", name: "Tea", unitPrice: "1", quantity: 2 },
    ],
  },
});

describe("the payer's choice on the pay page", () => {
  it.each<[string, PayableProduct, Parameters<typeof choiceReady>[1], boolean, string]>([
    ["a zLink needs nothing", base, {}, true, "10"],
    ["a donation without an amount", donation, {}, false, "0.1"],
    ["a donation below the minimum", donation, { amount: "0.05" }, false, "0.1"],
    ["a donation with a suggested amount", donation, { amount: "5" }, true, "5"],
    ["a donation with another amount", donation, { amount: " 12.34 " }, true, "12.34"],
    ["a cart with its defaults", cart(true), {}, true, "14.5"],
    ["a cart with changed quantities", cart(true), { quantities: { mug: 2 } }, true, "27"],
    ["a cart with every line at 0", cart(true), { quantities: { mug: 0, tea: 0 } }, false, "0"],
  ])("%s", (_case, product, choice, ready, price) => {
    expect(choiceReady(product, choice)).toBe(ready);
    expect(chosenPrice(product, choice)).toBe(price);
  });

  it.each<[string, PayableProduct, Parameters<typeof choiceRequest>[1], ReturnType<typeof choiceRequest>]>([
    ["a zLink sends nothing more", base, { amount: "5" }, {}],
    ["a donation sends the amount", donation, { amount: "5", donor: { name: " ", message: "" } }, { amount: "5" }],
    ["a donation sends the trimmed note", donation, { amount: "5 ", donor: { name: " Ada ", message: "Thanks" } }, { amount: "5", donor: { name: "Ada", message: "Thanks" } }],
    ["an editable cart sends every line's quantity", cart(true), { quantities: { mug: 3 } }, { quantities: { mug: 3, tea: 2 } }],
    ["a fixed cart sends none", cart(false), { quantities: { mug: 3 } }, {}],
  ])("%s", (_case, product, choice, request) => {
    expect(choiceRequest(product, choice)).toEqual(request);
  });

  it("scales the indicative USDC to another price at the same rate, rounding up", () => {
    expect(scaledEstimate({ price: "10", estimatedUsdc: "10.8" }, "5")).toBe("5.4");
    expect(scaledEstimate({ price: "3", estimatedUsdc: "1" }, "1")).toBe("0.333334");
    expect(scaledEstimate({ price: "10", estimatedUsdc: "10.8" }, "10")).toBe("10.8");
  });
});
