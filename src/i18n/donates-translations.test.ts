import { describe, expect, it } from "vitest";
import enDonates from "../../public/assets/translations/en/donates.json";
import frDonates from "../../public/assets/translations/fr/donates.json";
import enZlink from "../../public/assets/translations/en/zlink.json";
import { DONATE_MESSAGES } from "@/lib/donate";
import { NAMESPACES } from "./config";

/** Every leaf key of a translation file, dotted. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("donates translations", () => {
  it("are a registered namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("donates");
    expect(keys(frDonates).sort()).toEqual(keys(enDonates).sort());
  });

  it("carry the texts the server sends, verbatim in English", () => {
    expect(enDonates.validation).toEqual(DONATE_MESSAGES);
    expect(enDonates.validation.labelRequired).toBe("Please add button label");
    expect(enDonates.validation.amountMinimum).toBe("Amount must be at least 0.1");
    expect(enDonates.disable.message).toBe("Any shared/existing donation buttons will stop working");
    expect(enDonates.empty).toBe("Receive support — create your donation page now!");
  });

  it("offer every text the shared instructions dialog reads, like zLink", () => {
    expect(Object.keys(enDonates.instructions).sort()).toEqual(Object.keys(enZlink.instructions).filter((k) => k !== "loading").sort());
    expect(enDonates.toasts).toMatchObject({ copied: enZlink.toasts.copied, copyFailed: enZlink.toasts.copyFailed });
  });

  it("keep the French placeholders the shared schema fills", () => {
    expect(frDonates.validation.amountDecimals).toContain("{count}");
    expect(frDonates.validation.amountDecimals).toContain("{currency}");
    expect(frDonates.validation.siteInvalid).toContain("{host}");
  });
});
