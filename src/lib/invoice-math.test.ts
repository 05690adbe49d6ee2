import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { centsToDecimal, invoiceTotal, parseDecimal, toInvoiceTotalDto } from "./invoice-math";
import type { DefaultInclusion, LegalInclusion } from "./invoice";

const dl = (quantity: string, value: string, taxPercent: string): DefaultInclusion => ({ description: "x", quantity, unitPrice: { currency: "USD", value }, taxPercent });
const ll = (quantity: string, pro: string, off: string, vat: string): LegalInclusion => ({
  particulars: "x",
  quantity,
  professionalFees: { currency: "USD", value: pro },
  officialFees: { currency: "USD", value: off },
  vat: { currency: "USD", value: vat },
});

describe("invoice maths (SPEC §9) — examples", () => {
  it.each([
    // quantity, price, percent → amount, tax (hundredths)
    ["1", "10", "0", 1000n, 0n],
    ["2", "10.5", "10", 2100n, 210n],
    ["3", "0.333", "0", 99n, 0n], // 0.999 → rounded down to 0.99
    ["1", "9.99", "7.5", 999n, 74n], // tax 0.74925 → 0.74
    ["0.5", "1.01", "0", 50n, 0n], // 0.505 → 0.50
    ["0", "100", "20", 0n, 0n],
  ])("default line %s × %s at %s%%", (q, p, t, amount, tax) => {
    const total = invoiceTotal([dl(q, p, t)]);
    expect(total.itemTotals[0]).toEqual({ amount, taxAmount: tax, totalAmount: amount + tax });
    expect(total.totalAmount).toBe(amount + tax);
  });

  it("LEGAL: amount is quantity × (professional + official), tax quantity × vat", () => {
    expect(invoiceTotal([ll("2", "100", "20.5", "5.25")]).itemTotals[0]).toEqual({ amount: 24100n, taxAmount: 1050n, totalAmount: 25150n });
  });

  it("sums lines and writes the wire form", () => {
    const dto = toInvoiceTotalDto(invoiceTotal([dl("2", "10.5", "10"), dl("1", "1", "0")]));
    expect(dto).toEqual({
      itemTotals: [
        { amount: "2100", taxAmount: "210", totalAmount: "2310" },
        { amount: "100", taxAmount: "0", totalAmount: "100" },
      ],
      totalAmountWithoutTax: "2200",
      totalTaxAmount: "210",
      totalAmount: "2410",
    });
    expect(centsToDecimal(dto.totalAmount)).toBe("24.10");
    expect(centsToDecimal(5n)).toBe("0.05");
  });

  it("counts a value that is not a non-negative decimal as 0", () => {
    expect(parseDecimal("-1")).toBeUndefined();
    expect(parseDecimal("1e3")).toBeUndefined();
    expect(invoiceTotal([dl("x", "10", "0")]).totalAmount).toBe(0n);
  });
});

/** A decimal with up to 6 integer digits and 0..4 decimals, as text, with its exact value as units/10^4. */
const decimal = fc.tuple(fc.bigInt({ min: 0n, max: 999_999n }), fc.integer({ min: 0, max: 4 }), fc.bigInt({ min: 0n, max: 9999n })).map(([whole, places, frac]) => {
  const fraction = places === 0 ? "" : (frac % 10n ** BigInt(places)).toString().padStart(places, "0");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
});
/** Exact value × 10^8 (every generated decimal has ≤ 4 places, so this is an integer). */
const scaled = (text: string) => {
  const d = parseDecimal(text)!;
  return (d.units * 10n ** 8n) / d.scale;
};

describe("invoice maths — properties", () => {
  const defaultLine = fc.tuple(decimal, decimal, decimal).map(([q, p, t]) => dl(q, p, t));
  const legalLine = fc.tuple(decimal, decimal, decimal, decimal).map(([q, a, b, v]) => ll(q, a, b, v));

  it("each default line rounds only down, by less than a cent", () => {
    fc.assert(
      fc.property(defaultLine, (line) => {
        const { amount, taxAmount } = invoiceTotal([line]).itemTotals[0];
        // exact amount in hundredths × 10^16 (q and p each scaled by 10^8)
        const exactAmount = scaled(line.quantity) * scaled(line.unitPrice.value) * 100n;
        const exactTax = scaled(line.quantity) * scaled(line.unitPrice.value) * scaled(line.taxPercent);
        const unit = 10n ** 16n;
        expect(amount * unit <= exactAmount && exactAmount < (amount + 1n) * unit).toBe(true);
        expect(taxAmount * unit * 10n ** 8n <= exactTax && exactTax < (taxAmount + 1n) * unit * 10n ** 8n).toBe(true);
      }),
    );
  });

  it("totals are never negative, equal the sum of the lines, and never exceed the unrounded sum", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(defaultLine, legalLine), { maxLength: 8 }), (lines) => {
        const total = invoiceTotal(lines);
        expect(total.totalAmount >= 0n && total.totalTaxAmount >= 0n && total.totalAmountWithoutTax >= 0n).toBe(true);
        expect(total.totalAmount).toBe(total.itemTotals.reduce((s, t) => s + t.totalAmount, 0n));
        expect(total.totalAmount).toBe(total.totalAmountWithoutTax + total.totalTaxAmount);
        const unit = 10n ** 24n;
        let exact = 0n; // hundredths × 10^24
        for (const line of lines) {
          if ("particulars" in line) {
            const q = scaled(line.quantity) * 10n ** 8n;
            exact += q * (scaled(line.professionalFees.value) + scaled(line.officialFees.value) + scaled(line.vat.value)) * 100n;
          } else {
            const qp = scaled(line.quantity) * scaled(line.unitPrice.value);
            exact += qp * 10n ** 8n * 100n + qp * scaled(line.taxPercent);
          }
        }
        expect(total.totalAmount * unit <= exact).toBe(true);
        // each line loses under a cent on its amount and under a cent on its tax (LEGAL: two fee roundings)
        expect(exact < (total.totalAmount + 3n * BigInt(lines.length) + 1n) * unit).toBe(true);
      }),
    );
  });
});
