import { describe, expect, it } from "vitest";
import { cartHasItems, cartLineAmount, cartTotal, clampQuantity, quantityOf } from "./pay-cart";
import { MAX_CART_QUANTITY } from "./pay-api";

const lines = [
  { itemId: "mug", unitPrice: "12.5", quantity: 1 },
  { itemId: "tea", unitPrice: "0.1", quantity: 3 },
];

describe("cart maths on the pay page", () => {
  it.each<[string, number, number]>([
    ["a quantity in range", 4, 4],
    ["zero", 0, 0],
    ["below zero", -1, 0],
    ["above the maximum", MAX_CART_QUANTITY + 1, MAX_CART_QUANTITY],
    ["a fraction", 2.7, 2],
    ["not a number", Number.NaN, 0],
  ])("clamps %s", (_case, input, expected) => {
    expect(clampQuantity(input)).toBe(expected);
  });

  it.each<[string, string, number, string]>([
    ["a whole price", "3", 2, "6"],
    ["decimals without float error", "0.1", 3, "0.3"],
    ["cents", "19.99", 3, "59.97"],
    ["zero quantity", "12.5", 0, "0"],
  ])("line amount of %s", (_case, price, quantity, expected) => {
    expect(cartLineAmount(price, quantity)).toBe(expected);
  });

  it.each<[string, Record<string, number>, string, boolean]>([
    ["default quantities", {}, "12.8", true],
    ["a changed line", { mug: 2 }, "25.3", true],
    ["a removed line", { tea: 0 }, "12.5", true],
    ["every line removed", { mug: 0, tea: 0 }, "0", false],
    ["an unknown item is ignored", { other: 5 }, "12.8", true],
    ["quantities beyond the maximum are clamped", { mug: 1000, tea: 0 }, "1237.5", true],
  ])("total with %s", (_case, quantities, total, payable) => {
    expect(cartTotal(lines, quantities)).toBe(total);
    expect(cartHasItems(lines, quantities)).toBe(payable);
  });

  it("reads the payer's quantity, else the default", () => {
    expect(quantityOf(lines[1]!, {})).toBe(3);
    expect(quantityOf(lines[1]!, { tea: 5 })).toBe(5);
  });
});
