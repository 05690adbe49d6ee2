import { describe, expect, it } from "vitest";
import en from "../../public/assets/translations/en/invoices.json";
import fr from "../../public/assets/translations/fr/invoices.json";
import { INVOICE_MESSAGES, INVOICE_NOTICES } from "@/lib/invoice-form";
import { NAMESPACES } from "./config";

/** Every leaf key of a translation file, dotted. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("invoices translations", () => {
  it("are a registered namespace with the same keys in English and French", () => {
    expect(NAMESPACES).toContain("invoices");
    expect(keys(fr).sort()).toEqual(keys(en).sort());
  });

  it("carry the SPEC texts verbatim in English (the same the shared schema and the server use)", () => {
    expect(en.validation).toEqual(INVOICE_MESSAGES);
    expect(en.toasts.customerExists).toBe(INVOICE_NOTICES.customerExists);
    expect(en.toasts.notSaved).toBe(INVOICE_NOTICES.billNotSaved);
    expect(en.toasts.created).toBe(INVOICE_NOTICES.billCreated);
    expect(en.toasts.updated).toBe(INVOICE_NOTICES.billUpdated);
    expect(en.toasts).toMatchObject({
      disabled: "Disabled successfully",
      copied: "Link copied to clipboard!",
      noLink: "No valid link found!",
      copyFailed: "Failed to copy link.",
    });
    expect(en.bills).toMatchObject({ title: "zInvoice", create: "Create Pay Invoice", empty: "Invoice instantly—create your zInvoice now!" });
    expect(en.disable.title).toBe("Please note");
    expect(en.form.labelHint).toContain("Pay Now");
  });
});
