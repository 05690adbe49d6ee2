import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/integrations.json";
import fr from "../../public/assets/translations/fr/integrations.json";
import { NAMESPACES } from "./config";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("integrations translations", () => {
  it("are a registered namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("integrations");
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it("carry the SPEC's 'Coming Soon' verbatim in English", () => {
    expect(en.comingSoon).toBe("Coming Soon");
  });
});
