import { describe, expect, it } from "vitest";
import enInvoices from "../../public/assets/translations/en/invoices.json";
import frInvoices from "../../public/assets/translations/fr/invoices.json";
import { INVOICE_NOTICES } from "@/lib/invoice-form";
import { INVOICE_STATUSES } from "@/lib/invoice";

/** Every leaf key of a translation file, dotted. */
function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("invoice document translations (invoices.json 'document')", () => {
  it("have the same keys in English and French", () => {
    expect(keys(frInvoices.document).sort()).toEqual(keys(enInvoices.document).sort());
  });

  it("name every status and carry the SPEC texts verbatim in English", () => {
    expect(Object.keys(enInvoices.document.status).sort()).toEqual([...INVOICE_STATUSES].sort());
    expect(enInvoices.document.status.INIT).toBe("Pending");
    expect(enInvoices.document.fetchFailed).toBe(INVOICE_NOTICES.fetchFailed);
    expect(enInvoices.document.makePayment).toBe("Make Payment");
    expect(enInvoices.document.dueIn).toBe("Due in {{distance}}");
    expect(enInvoices.document.overdueBy).toBe("Overdue by {{distance}}");
  });
});
