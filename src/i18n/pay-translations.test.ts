import { describe, expect, it } from "vitest";
import enPay from "../../public/assets/translations/en/pay.json";
import frPay from "../../public/assets/translations/fr/pay.json";
import { ALREADY_PAID } from "@/server/modules/pay/start";

/** Every leaf key of a translation file, dotted. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("pay page translations", () => {
  it("have the same keys in English and French", () => {
    expect(keys(frPay).sort()).toEqual(keys(enPay).sort());
  });

  it("carry the texts of every product type verbatim", () => {
    expect(enPay.alreadyPaid).toBe(ALREADY_PAID);
    expect(enPay.facts).toEqual({ requestFor: "Payment request for {{name}}", invoice: "Invoice {{number}}", due: "Due {{date}}", viewInvoice: "View invoice" });
    expect(enPay.donation.tooSmall).toBe("Amount must be at least {{minimum}}");
    expect(enPay.donation.otherAmount).toBe("Other amount");
    expect(enPay.donation.name).toBe("Your name");
    expect(enPay.donation.message).toBe("Message for the merchant");
  });
});
