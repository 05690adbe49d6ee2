import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { invoices, payableLinks, users } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { applyFact, createTransaction } from "../../payments/service";
import { INVOICE_MESSAGES, INVOICE_NOTICES } from "@/lib/invoice-form";
import { setPdfCompression } from "./pdf";
import { pdfText } from "./pdf-text";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const PAY = "http://pay.test";

const line = { description: "Design work", quantity: "2", unitPrice: { currency: "USD", value: "10.5" }, taxPercent: "10" };
const legalLine = {
  particulars: "Trademark filing",
  quantity: "1",
  professionalFees: { currency: "USD", value: "100" },
  officialFees: { currency: "USD", value: "20.5" },
  vat: { currency: "USD", value: "5.25" },
};
const payee = { name: "Ada Lovelace", email: "ada@example.com", address: ["1 Analytical Way", "Floor 2"], organisation: "Engines Ltd", city: "London", country: "UK" };

describe.each(TEST_BACKENDS)("payees, v1 invoices and the invoice page API on %s", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", PAYMENTS_ORIGIN: PAY });
    app = createApp(deps);
    payments = createPaymentsApp(deps);
    setPdfCompression(false);
  });
  afterAll(async () => {
    setPdfCompression(true);
    await database.close();
  });

  const call = (method: string, path: string, m?: Pick<Merchant, "auth">, body?: unknown) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(m?.auth ?? {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const ok = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };
  async function newPayee(m: Merchant, body: Record<string, unknown> = payee) {
    return (await ok(await call("POST", "/v1/customers", m, body), 201)).data.customer;
  }
  async function newInvoice(m: Merchant, client: string, over: Record<string, unknown> = {}) {
    const body = { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client, currency: "USD", invoiceInclusions: [line], notes: "Thank you", ...over };
    return (await ok(await call("POST", "/v1/invoices", m, body), 201)).data.invoice;
  }

  it("saves, lists, updates and deletes payees; the same e-mail twice is SPEC §8's Bad Request", async () => {
    const m = await signInMerchant(app);
    const customer = await newPayee(m);
    expect(customer).toMatchObject({ ...payee, merchant: m.id });
    expect(customer._id).toMatch(/^[0-9a-f-]{36}$/);
    const dup = await call("POST", "/v1/customers", m, { ...payee, email: "ADA@example.com" });
    expect(dup.status).toBe(400);
    expect(await dup.json()).toMatchObject({ message: INVOICE_NOTICES.customerExists, code: "customer_exists" });
    const bob = await newPayee(m, { name: "Bob", email: "bob@example.com" });
    expect(bob.address).toEqual(["", ""]);
    expect((await ok(await call("GET", "/v1/customers", m))).data.map((c: { _id: string }) => c._id)).toEqual([bob._id, customer._id]);
    const renamed = await ok(await call("PUT", `/v1/customers/${bob._id}`, m, { name: "Robert", email: "bob@example.com", address: ["2 Lane"] }));
    expect(renamed.data.customer).toMatchObject({ name: "Robert", address: ["2 Lane", ""] });
    expect((await call("PUT", `/v1/customers/${bob._id}`, m, { name: "Robert", email: "ada@example.com" })).status).toBe(400);
    await ok(await call("DELETE", `/v1/customers/${bob._id}`, m));
    expect((await ok(await call("GET", "/v1/customers", m))).data).toHaveLength(1);
  });

  it("refuses bad payees with the SPEC §5 messages", async () => {
    const m = await signInMerchant(app);
    const res = await call("POST", "/v1/customers", m, { name: "", email: "not-an-email" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("invalid_request");
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Required" },
        { path: "email", message: "Invalid Email Address" },
      ]),
    );
  });

  it("creates a v1 invoice numbered ZSH…, totals computed by the server, payee frozen; reads, lists, updates it", async () => {
    const m = await signInMerchant(app);
    const customer = await newPayee(m);
    const first = await newInvoice(m, customer._id, { invoiceTotal: { totalAmount: "1" }, label: "" });
    expect(first).toMatchObject({
      kind: "invoice",
      label: "Pay Now",
      invoiceNumber: "ZSH000001",
      layout: "DEFAULT",
      client: customer._id,
      currency: "USD",
      status: "ACTIVE",
      enabled: true,
      notes: "Thank you",
      billTo: { _id: customer._id, name: "Ada Lovelace", email: "ada@example.com", address: payee.address },
      invoiceTotal: { totalAmountWithoutTax: "2100", totalTaxAmount: "210", totalAmount: "2310" },
      payUrl: `${PAY}/?p=${first.hashedId}`,
      invoiceUrl: `${PAY}/invoice?i=${first.hashedId}`,
      pdfUrl: `${PAY}/api/pay/invoices/${first.hashedId}/pdf`,
      paymentInfo: null,
    });
    expect(first.merchant.name).toContain("…");
    const second = await newInvoice(m, customer._id, { layout: "LEGAL", invoiceInclusions: [legalLine] });
    expect(second.invoiceNumber).toBe("ZSH000002");
    expect(second.invoiceTotal).toMatchObject({ totalAmountWithoutTax: "12050", totalTaxAmount: "525", totalAmount: "12575" });
    expect((await ok(await call("GET", "/v1/invoices", m))).data.map((i: { _id: string }) => i._id)).toEqual([second._id, first._id]);
    expect((await ok(await call("GET", `/v1/invoices/${first._id}`, m))).data.invoice._id).toBe(first._id);

    // The payee changes later: the invoice keeps them as billed.
    await ok(await call("PUT", `/v1/customers/${customer._id}`, m, { ...payee, name: "Countess Ada" }));
    expect((await ok(await call("GET", `/v1/invoices/${first._id}`, m))).data.invoice.billTo.name).toBe("Ada Lovelace");

    const updated = await ok(
      await call("PUT", `/v1/invoices/${first._id}`, m, { issuedOn: "2026-11-25", paymentDueOn: "2026-12-02", client: customer._id, currency: "USD", invoiceInclusions: [{ ...line, quantity: "1" }] }),
    );
    expect(updated.data.invoice).toMatchObject({ invoiceNumber: "ZSH000001", issuedOn: "2026-11-25", billTo: { name: "Countess Ada" }, invoiceTotal: { totalAmount: "1155" } });
    // A typed number already used is refused.
    const taken = await call("POST", "/v1/invoices", m, { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line], invoiceNumber: "ZSH000002" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("invoice_number_taken");
    // Creating marks the merchant onboarded.
    const [u] = await database.db.select().from(users).where(eq(users.id, m.id));
    expect(u.settings.isOnboarded).toBe(true);
  });

  it("numbers invoices saved at the same time uniquely", async () => {
    const m = await signInMerchant(app);
    const customer = await newPayee(m);
    const made = await Promise.all([1, 2, 3, 4].map(() => newInvoice(m, customer._id)));
    expect(new Set(made.map((i) => i.invoiceNumber)).size).toBe(4);
  });

  it("refuses bad invoices with every SPEC §5 message", async () => {
    const m = await signInMerchant(app);
    const issues = async (body: Record<string, unknown>) => {
      const res = await call("POST", "/v1/invoices", m, body);
      expect(res.status).toBe(400);
      return Object.fromEntries(((await res.json()).issues as { path: string; message: string }[]).map((i) => [i.path, i.message]));
    };
    expect(await issues({ issuedOn: "", paymentDueOn: "", client: "", currency: "" })).toMatchObject({
      issuedOn: "Required",
      paymentDueOn: "Required",
      client: "Required",
      currency: "Required",
    });
    const base = { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: "x", currency: "USD" };
    expect(
      await issues({ ...base, invoiceInclusions: [{ description: "", quantity: "-1", unitPrice: { currency: "USD", value: "" }, taxPercent: "" }, { ...line, quantity: "abc" }, { ...line, quantity: "" }] }),
    ).toEqual({
      "invoiceInclusions[0].description": INVOICE_MESSAGES.descriptionRequired,
      "invoiceInclusions[0].quantity": "Cannot be negative number",
      "invoiceInclusions[0].unitPrice.value": "Unit price is required",
      "invoiceInclusions[0].taxPercent": "Tax percent is required",
      "invoiceInclusions[1].quantity": "Invalid Input for non-numbers",
      "invoiceInclusions[2].quantity": "Quantity is required",
    });
    const empty = { currency: "USD", value: "" };
    expect(await issues({ ...base, layout: "LEGAL", invoiceInclusions: [{ particulars: "", quantity: "1", professionalFees: empty, officialFees: empty, vat: empty }] })).toEqual({
      "invoiceInclusions[0].particulars": "Particulars are required",
      "invoiceInclusions[0].professionalFees.value": "Professional fees are required",
      "invoiceInclusions[0].officialFees.value": "Official fees are required",
      "invoiceInclusions[0].vat.value": "Official fees are required",
    });
    // Valid lines, but a payee that is not the merchant's.
    expect(await issues({ ...base, invoiceInclusions: [line] })).toEqual({ client: "Customer not found" });
    // No lines: one empty line is checked (SPEC: one is added when empty).
    expect(await issues({ ...base, client: "c" })).toHaveProperty(["invoiceInclusions"]);
  });

  it("keeps one merchant's payees and invoices from another (404 like an unknown id)", async () => {
    const a = await signInMerchant(app);
    const b = await signInMerchant(app);
    const customer = await newPayee(a);
    const invoice = await newInvoice(a, customer._id);
    expect((await ok(await call("GET", "/v1/customers", b))).data).toEqual([]);
    expect((await ok(await call("GET", "/v1/invoices", b))).data).toEqual([]);
    for (const [method, path, body] of [
      ["PUT", `/v1/customers/${customer._id}`, payee],
      ["DELETE", `/v1/customers/${customer._id}`, undefined],
      ["GET", `/v1/invoices/${invoice._id}`, undefined],
      ["PUT", `/v1/invoices/${invoice._id}`, { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line] }],
      ["DELETE", `/v1/invoices/${invoice._id}`, undefined],
      ["GET", `/v1/invoices/${invoice._id}/pdf`, undefined],
      ["GET", "/v1/invoices/not-a-uuid", undefined],
    ] as const) {
      const res = await call(method, path, b, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await res.json()).code).toBe("not_found");
    }
    // b can't bill a's payee either.
    const res = await call("POST", "/v1/invoices", b, { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line] });
    expect(res.status).toBe(400);
    expect((await call("GET", "/v1/invoices")).status).toBe(401);
  });

  it("serves the invoice to its payer: public read without internal ids, PDF with number and total, payable on the pay API", async () => {
    const m = await signInMerchant(app);
    const customer = await newPayee(m);
    const invoice = await newInvoice(m, customer._id, { layout: "LEGAL", invoiceInclusions: [legalLine] });
    const read = await ok(await payments.request(`/api/pay/invoices/${invoice.hashedId}`));
    expect(read.data).toMatchObject({ invoiceNumber: invoice.invoiceNumber, status: "ACTIVE", billTo: { name: "Ada Lovelace" }, invoiceTotal: { totalAmount: "12575" } });
    for (const key of ["_id", "client", "paymentInfo", "enabled", "createdAt"]) expect(read.data).not.toHaveProperty(key);
    expect(read.data.billTo).not.toHaveProperty("_id");
    expect((await payments.request("/api/pay/invoices/unknown-id")).status).toBe(404);
    // The merchant API is not on the payments origin.
    expect((await payments.request(`/api/v1/invoices/${invoice._id}`)).status).toBe(404);

    const pdf = await payments.request(`/api/pay/invoices/${invoice.hashedId}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain("125.75 USD");
    expect(text).toContain("Trademark filing");
    expect(text).toContain("Bill To");
    expect(text).toContain("2026/12/01");
    const fr = pdfText(Buffer.from(await (await payments.request(`/api/pay/invoices/${invoice.hashedId}/pdf?lng=fr`)).arrayBuffer()));
    expect(fr).toContain("Facturé à");
    const merchantPdf = await call("GET", `/v1/invoices/${invoice._id}/pdf`, m);
    expect(pdfText(Buffer.from(await merchantPdf.arrayBuffer()))).toContain(invoice.invoiceNumber);

    const product = await ok(await payments.request(`/api/pay/${invoice.hashedId}`));
    expect(product.data ?? product).toMatchObject({ price: "125.75", currency: "USD", invoice: { number: invoice.invoiceNumber, paymentDueOn: "2026-12-01", url: invoice.invoiceUrl } });
  });

  it("prints Polish, Czech, Turkish, Cyrillic and Greek names and lines in the PDF as on the page", async () => {
    const m = await signInMerchant(app);
    expect((await call("PUT", "/profile", m, { company: "Łukasz Żółć" })).status).toBe(200);
    const customer = await newPayee(m, { name: "Дмитрий Петров", organisation: "İstanbul Şirketi", email: "dmitry@example.com", address: ["Οδός Ερμού 12", ""], city: "Αθήνα" });
    const invoice = await newInvoice(m, customer._id, { invoiceInclusions: [{ ...line, description: "Dvořák: překlad smlouvy" }], notes: "Ευχαριστούμε, Ελένη" });
    const expected = ["Łukasz Żółć", "Дмитрий Петров", "İstanbul Şirketi", "Οδός Ερμού 12", "Αθήνα", "Dvořák: překlad smlouvy", "Ευχαριστούμε, Ελένη", `Invoice number: ${invoice.invoiceNumber}`, "Total due: 23.10 USD"];
    const payer = pdfText(Buffer.from(await (await payments.request(`/api/pay/invoices/${invoice.hashedId}/pdf`)).arrayBuffer())).split("\n");
    const merchant = pdfText(Buffer.from(await (await call("GET", `/v1/invoices/${invoice._id}/pdf`, m)).arrayBuffer())).split("\n");
    for (const text of expected) {
      expect(payer).toContain(text);
      expect(merchant).toContain(text);
    }
  });

  it("DELETE removes an invoice nobody tried to pay, cancels one with a payment started; a validated payment makes it PAID", async () => {
    const m = await signInMerchant(app);
    const customer = await newPayee(m);
    const untouched = await newInvoice(m, customer._id);
    const gone = await ok(await call("DELETE", `/v1/invoices/${untouched._id}`, m));
    expect(gone).toEqual({ success: true, data: { deleted: true, invoice: null } });
    expect(await database.db.select().from(payableLinks).where(eq(payableLinks.hashedId, untouched.hashedId))).toEqual([]);
    expect((await call("GET", `/v1/invoices/${untouched._id}`, m)).status).toBe(404);

    const started = await newInvoice(m, customer._id);
    await startPayment(started._id, m.id, "invoice");
    const cancelled = await ok(await call("DELETE", `/v1/invoices/${started._id}`, m));
    expect(cancelled.data).toMatchObject({ deleted: false, invoice: { status: "CANCELLED", enabled: false } });
    expect((await payments.request(`/api/pay/${started.hashedId}`)).status).toBe(404);
    expect((await ok(await payments.request(`/api/pay/invoices/${started.hashedId}`))).data.status).toBe("CANCELLED");
    expect((await call("PUT", `/v1/invoices/${started._id}`, m, { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line] })).status).toBe(409);

    const paid = await newInvoice(m, customer._id);
    const tx = await startPayment(paid._id, m.id, "invoice");
    await applyFact({ db: database.db, now: () => new Date() }, tx.id, transfer(tx.reference, "confirmed"));
    expect((await ok(await call("GET", `/v1/invoices/${paid._id}`, m))).data.invoice.status).toBe("ACTIVE");
    await applyFact({ db: database.db, now: () => new Date() }, tx.id, transfer(tx.reference, "finalized"));
    const after = (await ok(await call("GET", `/v1/invoices/${paid._id}`, m))).data.invoice;
    expect(after.status).toBe("PAID");
    expect(after.paymentInfo).toMatchObject({ status: "validated" });
    const [row] = await database.db.select().from(invoices).where(eq(invoices.id, paid._id));
    expect(row.paidAt).not.toBeNull();
    expect((await call("DELETE", `/v1/invoices/${paid._id}`, m)).status).toBe(409);
    expect((await call("PUT", `/v1/invoices/${paid._id}`, m, { issuedOn: "2026-11-24", paymentDueOn: "2026-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line] })).status).toBe(409);
    const product = await ok(await payments.request(`/api/pay/${paid.hashedId}`));
    expect(product.data ?? product).toMatchObject({ paid: true });
  });

  const MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
  const ATA = "7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi";
  function startPayment(productId: string, userId: string, productType: "invoice" | "bill") {
    return createTransaction(database.db, {
      productType,
      productId,
      userId,
      chainId: -5001,
      token: "USDC",
      tokenAddress: MINT,
      decimals: 6,
      recipient: "Merchant11111111111111111111111111111111111",
      recipientTokenAccount: ATA,
      requestedAmount: 23_100_000n,
      reference: `ref-${randomBytes(8).toString("hex")}`,
      memo: "invoice",
      productInfo: { price: "23.10", currency: "USD", userCurrency: "USD", useFiat: true, fiat: "USD", cToken: "USDC" },
      fiatRate: "1",
      sessionId: "s",
      now: new Date(),
    });
  }
  const transfer = (reference: string, commitment: "confirmed" | "finalized") => ({
    kind: "transfer" as const,
    chainId: -5001,
    reference,
    signature: `sig-${reference}`,
    instructionIndex: 1,
    payer: "Payer111111111111111111111111111111111111111",
    recipientTokenAccount: ATA,
    mint: MINT,
    amount: 23_100_000n,
    memo: "invoice",
    commitment,
  });
});
