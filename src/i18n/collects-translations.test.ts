import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/collects.json";
import fr from "../../public/assets/translations/fr/collects.json";
import enCommon from "../../public/assets/translations/en/common.json";
import frCommon from "../../public/assets/translations/fr/common.json";
import { COLLECT_MESSAGES } from "@/lib/collect";
import { NAMESPACES } from "./config";

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("collects (zRequest) translations", () => {
  it("are a registered namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("collects");
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it("carry the SPEC texts verbatim in English (the same the server sends)", () => {
    expect(en.validation).toEqual(COLLECT_MESSAGES);
    expect(en.title).toBe("zRequest");
    expect(en.create).toBe("Create Pay Request");
    expect(en.empty).toBe("Collect payments seamlessly — create your zRequest now!");
    expect(en.loadFailed).toBe("Something went wrong");
    expect(en.columns).toEqual({ createdAt: "Created At", orderId: "Order ID", name: "Name", email: "Email", amount: "Amount", status: "Status", actions: "Actions" });
    expect([en.form.name, en.form.email, en.form.desc, en.form.amount]).toEqual(["Name", "Email address", "Your Message", "Amount"]);
    expect([en.actions.details, en.actions.copyLink, en.actions.edit, en.actions.instructions]).toEqual(["Details", "Copy Link", "Edit", "View Instructions"]);
    expect(en.toasts).toMatchObject({
      created: "Saved successfully",
      updated: "Updated successfully",
      copied: "Link copied to clipboard!",
      noLink: "No valid link found!",
      copyFailed: "Failed to copy link.",
      disabled: "Disabled successfully",
    });
  });

  it("keep the placeholders the shared schema fills, and name the page title", () => {
    expect(fr.validation.priceDecimals).toContain("{count}");
    expect(fr.validation.siteInvalid).toContain("{host}");
    expect(enCommon.titles.collects).toBe("zRequest");
    expect(frCommon.titles.collects).toBe("zRequest");
  });
});
