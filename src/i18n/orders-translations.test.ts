import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/orders.json";
import fr from "../../public/assets/translations/fr/orders.json";
import enCommon from "../../public/assets/translations/en/common.json";
import frCommon from "../../public/assets/translations/fr/common.json";
import { NAMESPACES } from "./config";
import { bundledResources } from "./bundled";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("orders (/transactions) translations", () => {
  it("are a registered, bundled namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("orders");
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(bundledResources.en.orders).toBe(en);
    expect(bundledResources.fr.orders).toBe(fr);
  });

  it("carry the SPEC §2 columns and actions in English, and the page title", () => {
    // SPEC's columns, and Product and Payer, which name each row (the type reads under the product).
    expect(en.columns).toEqual({ date: "Date", orderId: "Order ID", product: "Product", payer: "Payer", requested: "Requested Amount", received: "Received Amount", status: "Status", type: "Type" });
    expect(en.actions.details).toBe("Details");
    expect(enCommon.titles.transactions).toBe("Orders");
    expect(frCommon.titles.transactions).toBe("Commandes");
    expect(fr.download.progress).toContain("{{rows}}");
  });
});
