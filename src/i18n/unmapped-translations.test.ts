import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/unmapped.json";
import fr from "../../public/assets/translations/fr/unmapped.json";
import enCommon from "../../public/assets/translations/en/common.json";
import frCommon from "../../public/assets/translations/fr/common.json";
import { PRODUCT_TYPES } from "@/lib/product-types";
import { NAMESPACES } from "./config";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("unmapped translations", () => {
  it("are a registered namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("unmapped");
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it("name the menu's columns and every product type a payment may have", () => {
    expect(en.columns).toEqual({ date: "Date", amount: "Amount", token: "Token", sender: "Sender", hash: "Hash" });
    expect(Object.keys(en.types).sort()).toEqual([...PRODUCT_TYPES].sort());
    expect(enCommon.titles.unmapped).toBe("Unmapped");
    expect(frCommon.titles.unmapped).toBe("Non rapprochés");
    expect(fr.title).toBe(frCommon.titles.unmapped);
  });

  it("keep the placeholders the screen fills", () => {
    for (const lang of [en, fr]) {
      expect(lang.mapDialog.description).toContain("{{amount}}");
      expect(lang.mapDialog.empty).toContain("{{token}}");
      expect(lang.paymentState.underpaid).toContain("{{received}}");
    }
  });
});
