import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { invoices } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { ShellMarkerMissingError, TITLE_MARKER, shellMarker } from "../../http/page-shell";
import { INVOICE_MARKER, fillInvoiceShell } from "./page";

/** The built page's skeleton as Astro writes it: language, the title and root with their markers. */
const SHELL = `<!doctype html><html lang="en" data-title-key="titles.invoice" data-brand="zPay"><head><!--zpay:title--><title>Invoice - zPay</title></head><body><main><div id="invoice-root"><!--zpay:invoice--></div></main><script type="module" src="/_astro/invoice.js"></script></body></html>`;

describe("the invoice page's shell markers", () => {
  it("are written by src/pages/invoice.astro, with the title's from BaseLayout", () => {
    const page = fs.readFileSync(path.resolve("src/pages/invoice.astro"), "utf8");
    expect(page).toContain(shellMarker(INVOICE_MARKER));
    expect(page).toMatch(/<BaseLayout\b[^>]*\bserverFilled\b/);
    expect(fs.readFileSync(path.resolve("src/layouts/BaseLayout.astro"), "utf8")).toContain(shellMarker(TITLE_MARKER));
  });

  const built = path.resolve("dist/invoice/index.html");
  it.skipIf(!fs.existsSync(built))("are all in the built page (dist/, when built)", () => {
    const shell = fs.readFileSync(built, "utf8");
    for (const name of [INVOICE_MARKER, TITLE_MARKER]) expect(shell, name).toContain(shellMarker(name));
  });

  it("are each needed: a shell without one is refused, not served unfilled", () => {
    const now = new Date();
    expect(fillInvoiceShell(SHELL, { state: "no-link" }, "fr", now)).toMatch(/^<!doctype html><html lang="fr"[^]*<div id="invoice-root"><[^!]/);
    for (const name of [INVOICE_MARKER, TITLE_MARKER]) {
      expect(() => fillInvoiceShell(SHELL.replace(shellMarker(name), ""), { state: "no-link" }, "en", now), name).toThrow(ShellMarkerMissingError);
    }
  });
});
const line = { description: "Logo <design>", quantity: "2", unitPrice: { currency: "USD", value: "10.5" }, taxPercent: "10" };

describe.each(TEST_BACKENDS)("the invoice page's served HTML (%s)", (kind) => {
  let database: Database;
  let payments: ReturnType<typeof createPaymentsApp>;
  let hashedId: string;
  let number: string;

  beforeAll(async () => {
    database = await openTestDb(kind);
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "zpay-invoice-page-"));
    fs.mkdirSync(path.join(distDir, "invoice"));
    fs.writeFileSync(path.join(distDir, "invoice", "index.html"), SHELL);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", PAYMENTS_ORIGIN: "http://pay.test" });
    const app = createApp(deps);
    payments = createPaymentsApp(deps, { distDir });
    const m = await signInMerchant(app);
    const json = (res: Response) => res.json();
    const headers = { ...m.auth, "content-type": "application/json" };
    const customer = (await json(await app.request("/api/v1/customers", { method: "POST", headers, body: JSON.stringify({ name: "Ada", email: "ada@example.com" }) }))).data.customer;
    const invoice = (
      await json(
        await app.request("/api/v1/invoices", {
          method: "POST",
          headers,
          body: JSON.stringify({ issuedOn: "2026-11-24", paymentDueOn: "2099-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line], notes: "Merci" }),
        }),
      )
    ).data.invoice;
    hashedId = invoice.hashedId;
    number = invoice.invoiceNumber;
  });
  afterAll(() => database.close());

  it("puts the whole invoice in the HTML, escaped, with Make Payment to the pay page", async () => {
    const res = await payments.request(`/invoice?i=${hashedId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    const html = await res.text();
    expect(html).toContain(`<title>Invoice ${number} - zPay</title>`);
    expect(html).toContain(number);
    expect(html).toContain("Logo &lt;design&gt;");
    expect(html).not.toContain("Logo <design>");
    expect(html).toContain("Bill To");
    expect(html).toContain("Ada");
    expect(html).toContain("23.10 USD");
    expect(html).toContain("2099/12/01");
    expect(html).toContain(`href="http://pay.test/?p=${hashedId}"`);
    expect(html).toContain("Make Payment");
    expect(html).toContain("Due in");
    expect(html).toContain(`/api/pay/invoices/${hashedId}/pdf`);
  });

  it("speaks the payer's language", async () => {
    const html = await (await payments.request(`/invoice?i=${hashedId}`, { headers: { "accept-language": "fr-FR,fr;q=0.9" } })).text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain("Facturé à");
    expect(html).toContain("23,10 USD");
  });

  it("If-None-Match answers 304 until the invoice is paid; the ETag differs by language", async () => {
    const first = await payments.request(`/invoice?i=${hashedId}`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    const again = await payments.request(`/invoice?i=${hashedId}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    const french = await payments.request(`/invoice?i=${hashedId}`, { headers: { "if-none-match": etag, "accept-language": "fr" } });
    expect(french.status).toBe(200);
    expect(french.headers.get("etag")).not.toBe(etag);

    await database.db.update(invoices).set({ status: "PAID" }).where(eq(invoices.hashedId, hashedId));
    try {
      const paid = await payments.request(`/invoice?i=${hashedId}`, { headers: { "if-none-match": etag } });
      expect(paid.status).toBe(200);
      expect(paid.headers.get("etag")).not.toBe(etag);
      expect(await paid.text()).not.toContain("Make Payment");
    } finally {
      await database.db.update(invoices).set({ status: "ACTIVE" }).where(eq(invoices.hashedId, hashedId));
    }
  });

  it("says when there is no invoice, and when it could not be read", async () => {
    const missing = await payments.request("/invoice?i=nope");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("This invoice does not exist");
    expect(await (await payments.request("/invoice")).text()).toContain("No invoice was named");
  });
});
