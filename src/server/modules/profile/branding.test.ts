import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { merchantName } from "../collects/service";
import { setPdfCompression } from "../invoices/pdf";
import { pdfText } from "../invoices/pdf-text";

const PAY = "http://pay.test";
const line = { description: "Consulting", quantity: "1", unitPrice: { currency: "USD", value: "100" }, taxPercent: "0" };

/** What payers see of a merchant's profile: the pay page's product and the invoice page's Bill From. */
describe.each(TEST_BACKENDS)("the merchant's branding for payers on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", PAYMENTS_ORIGIN: PAY });
    app = createApp(deps);
    payments = createPaymentsApp(deps);
  });
  afterAll(() => database.close());

  const call = async (method: string, path: string, auth: Record<string, string>, body?: unknown) => {
    const res = await app.request(`/api${path}`, { method, headers: { "content-type": "application/json", ...auth }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const brandedMerchant = async () => {
    const m = await signInMerchant(app);
    await call("PUT", "/profile", m.auth, { company: "Acme Coffee", city: "Lyon", taxId: "FR123", brandColor: "#1e3a8a" });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await sharp({ create: { width: 30, height: 30, channels: 3, background: "#fff" } }).png().toBuffer())]), "logo.png");
    const logoUrl = (await (await app.request("/api/profile/logo", { method: "POST", headers: m.auth, body: form })).json()).data.logoUrl as string;
    return { m, logoUrl };
  };
  const zlink = async (auth: Record<string, string>) => {
    const created = await call("POST", "/quick-pays/create", auth, { label: "Beans", price: "5", currency: "USDC" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.info.hashedId as string;
  };

  it("the pay page names the merchant by their display name, with their logo and colour; an unnamed one by the short wallet", async () => {
    const { m, logoUrl } = await brandedMerchant();
    const plain = await signInMerchant(app);
    const branded = await (await payments.request(`/api/pay/${await zlink(m.auth)}`)).json();
    expect(branded.data.merchant).toEqual({ displayName: "Acme Coffee", logoUrl, brandColor: "#1e3a8a" });
    // The logo loads from the payments origin, where the pay page is.
    expect((await payments.request(logoUrl)).status).toBe(200);
    const unbranded = await (await payments.request(`/api/pay/${await zlink(plain.auth)}`)).json();
    expect(unbranded.data.merchant).toEqual({ displayName: expect.stringMatching(/^.{4}….{4}$/) });
  });

  it("a new invoice without notes takes the merchant's default invoice notes; sent empty or given, they are kept", async () => {
    const m = await signInMerchant(app);
    const other = await signInMerchant(app);
    await call("PUT", "/profile", m.auth, { defaultInvoiceNotes: "Paid within 30 days, thanks!" });
    const invoiceFor = async (who: typeof m, over: Record<string, unknown>) => {
      const customer = (await call("POST", "/v1/customers", who.auth, { name: "Ada", email: `ada${Math.random()}@example.com`, address: ["1 Way"] })).body.data.customer;
      const res = await call("POST", "/v1/invoices", who.auth, { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line], ...over });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.invoice.notes as string;
    };
    expect(await invoiceFor(m, {})).toBe("Paid within 30 days, thanks!");
    expect(await invoiceFor(m, { notes: "" })).toBe("");
    expect(await invoiceFor(m, { notes: "Own notes" })).toBe("Own notes");
    expect(await invoiceFor(other, {})).toBe("");
  });

  it("the invoice page's Bill From shows the profile's name, city and tax id, logo and colour", async () => {
    const { m, logoUrl } = await brandedMerchant();
    const customer = (await call("POST", "/v1/customers", m.auth, { name: "Ada", email: "ada@example.com", address: ["1 Way"] })).body.data.customer;
    const invoice = await call("POST", "/v1/invoices", m.auth, { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line] });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const page = await (await payments.request(`/api/pay/invoices/${invoice.body.data.invoice.hashedId}`)).json();
    expect(page.data.merchant).toEqual({
      name: "Acme Coffee",
      profile: { company: "Acme Coffee", city: "Lyon", taxId: "FR123" },
      logoUrl,
      brandColor: "#1e3a8a",
    });
  });

  it("the invoice PDF prints the same Bill From (name, city, tax id) and draws the logo; without a logo it draws no image", async () => {
    setPdfCompression(false);
    try {
      const pdfOf = async (auth: Record<string, string>) => {
        const customer = (await call("POST", "/v1/customers", auth, { name: "Ada", email: "ada@example.com", address: ["1 Way"] })).body.data.customer;
        const invoice = await call("POST", "/v1/invoices", auth, { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line] });
        const res = await payments.request(`/api/pay/invoices/${invoice.body.data.invoice.hashedId}/pdf`);
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      };
      const { m } = await brandedMerchant();
      const branded = await pdfOf(m.auth);
      const lines = pdfText(branded).split("\n");
      for (const text of ["Acme Coffee", "Lyon", "FR123"]) expect(lines).toContain(text);
      expect(branded.toString("latin1")).toMatch(/\/Subtype \/Image/);
      const plain = await pdfOf((await signInMerchant(app)).auth);
      expect(plain.toString("latin1")).not.toMatch(/\/Subtype \/Image/);
    } finally {
      setPdfCompression(true);
    }
  });
});

describe("how a payer's e-mail names the merchant", () => {
  it("by the profile's display name, else the verified e-mail address, else nothing (the mail names the wallet)", () => {
    expect(merchantName({ profile: { company: " Acme Coffee " } }, "shop@example.com")).toBe("Acme Coffee");
    expect(merchantName({ profile: {} }, "shop@example.com")).toBe("shop@example.com");
    expect(merchantName({ profile: { company: "" } }, null)).toBe("");
  });
});
