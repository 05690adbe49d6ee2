import { describe, expect, it } from "vitest";
import { PRODUCT_TYPES } from "@/lib/product-types";
import { PAYABLE_SOURCES } from "./modules/pay/payables";
import { registerProducts } from "./products";

describe("registerProducts", () => {
  it("makes every product type payable, each under its own type", () => {
    registerProducts();
    for (const type of PRODUCT_TYPES) expect(PAYABLE_SOURCES[type]?.type, type).toBe(type);
  });

  it("gives the invoices (and only them) an 'on paid' hook: a validated payment turns them PAID", () => {
    registerProducts();
    const withHook = PRODUCT_TYPES.filter((type) => PAYABLE_SOURCES[type]?.onPaid);
    expect(withHook.sort()).toEqual(["bill", "invoice"]);
  });
});
