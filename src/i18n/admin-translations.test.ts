import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/admin.json";
import fr from "../../public/assets/translations/fr/admin.json";
import enCommon from "../../public/assets/translations/en/common.json";
import frCommon from "../../public/assets/translations/fr/common.json";
import { NAMESPACES } from "./config";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("admin (operator pages) translations", () => {
  it("are a registered namespace with the same keys in English and French, every French text translated", () => {
    expect(NAMESPACES).toContain("admin");
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    const same = keys(en).filter((k) => {
      const read = (o: unknown) => k.split(".").reduce<unknown>((n, part) => (n as Record<string, unknown>)[part], o);
      return read(en) === read(fr);
    });
    // Column names that read the same in both languages.
    expect(same.sort()).toEqual(["billing.columns.email", "billing.columns.volume", "production.columns.action", "production.columns.email", "stats.columns.volume"]);
  });

  it("name each page's document title in both languages", () => {
    for (const key of ["adminStats", "adminTransactions", "adminBilling"] as const) {
      expect(enCommon.titles[key]).toBeTruthy();
      expect(frCommon.titles[key]).toBeTruthy();
    }
  });
});
