import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/checkouts.json";
import fr from "../../public/assets/translations/fr/checkouts.json";
import { CART_MESSAGES } from "@/lib/cart";
import { NAMESPACES } from "./config";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("checkouts (zCart) translations", () => {
  it("are a registered namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("checkouts");
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it("carry the shared schema's texts verbatim in English (the same the server sends)", () => {
    for (const [key, text] of Object.entries(CART_MESSAGES)) expect(en.validation[key as keyof typeof en.validation]).toBe(text);
    expect(en.validation.labelRequired).toBe("Please add button label");
  });

  it("keep the placeholders the shared schema fills", () => {
    expect(fr.validation.priceDecimals).toContain("{count}");
    expect(fr.checkoutForm.total).toContain("{{amount}}");
  });
});
