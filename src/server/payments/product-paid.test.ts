import { describe, expect, it } from "vitest";
import type { TransactionRow } from "../db/schema";
import type { Db } from "../db/client";
import { markProductPaid, onProductPaid } from "./product-paid";

/** The payments floor runs a product's "on paid" hook without knowing the product's table. */
describe("product paid hooks", () => {
  const tx = {} as Pick<Db, "update">;
  const row = (productType: string, productId: string | null) => ({ productType, productId, userId: "u1" }) as TransactionRow;

  it("runs the hook its product type registered, with the payment's row and time, and no other type's", async () => {
    const seen: string[] = [];
    onProductPaid("bill", async (_tx, paid, now) => void seen.push(`bill ${paid.productId} ${now.toISOString()}`));
    onProductPaid("collect", async (_tx, paid) => void seen.push(`collect ${paid.productId}`));
    const now = new Date("2026-01-02T03:04:05Z");
    await markProductPaid(tx, row("bill", "b1"), now);
    expect(seen).toEqual(["bill b1 2026-01-02T03:04:05.000Z"]);
  });

  it("does nothing for a type without a hook, or a payment without a product", async () => {
    const seen: string[] = [];
    onProductPaid("invoice", async () => void seen.push("invoice"));
    await markProductPaid(tx, row("quick-pay", "q1"), new Date());
    await markProductPaid(tx, row("invoice", null), new Date());
    expect(seen).toEqual([]);
  });
});
