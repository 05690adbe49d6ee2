import { describe, expect, it } from "vitest";
import enSettings from "../../public/assets/translations/en/settings.json";
import frSettings from "../../public/assets/translations/fr/settings.json";
import enZlink from "../../public/assets/translations/en/zlink.json";
import frZlink from "../../public/assets/translations/fr/zlink.json";
import { WALLET_ADDRESS_MESSAGES } from "@/lib/wallet-address";
import { ZLINK_MESSAGES } from "@/lib/zlink";
import { NAMESPACES } from "./config";

/** Every leaf key of a translation file, dotted. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("zlink and settings translations", () => {
  it("are registered namespaces", () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(["zlink", "settings"]));
  });

  it.each([
    ["zlink", enZlink, frZlink],
    ["settings", enSettings, frSettings],
  ])("%s has the same keys in English and French", (_ns, en, fr) => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it("carry the SPEC texts verbatim in English (the same the server sends)", () => {
    expect(enZlink.validation).toEqual(ZLINK_MESSAGES);
    expect(enSettings.validation).toEqual(WALLET_ADDRESS_MESSAGES);
    expect(enZlink.empty).toBe("Get paid faster — create your zLink now!");
    expect(enZlink.disable.message).toBe("Any shared/existing zLink buttons will stop working");
    expect(enZlink.toasts).toEqual({
      notSaved: "Payment Link not saved. Please try again later.",
      created: "Payment Link created successfully",
      updated: "Payment Link updated successfully",
      disabled: "Disabled successfully",
      copied: "Link copied to clipboard!",
      noLink: "No valid link found!",
      copyFailed: "Failed to copy link.",
    });
    expect(enSettings.confirm.title).toBe("Confirm Wallet Address");
    expect(enSettings.confirm.text).toBe("Please double-check the entered wallet address as it will be used for all fund management.");
    expect(enSettings.noWallet.message).toBe("You'll not be able to receive payment, unless you attach a wallet address");
  });

  it("keep the French placeholders the shared schema fills", () => {
    expect(frZlink.validation.priceDecimals).toContain("{count}");
    expect(frZlink.validation.siteInvalid).toContain("{host}");
  });
});
