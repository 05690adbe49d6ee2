import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createApp, createPaymentsApp } from "../../app";
import type { Database } from "../../db/client";
import { invoices } from "../../db/schema";
import { TEST_BACKENDS, openTestDb } from "../../testing/databases";
import { testDeps } from "../../testing/deps";
import { signInMerchant } from "../../testing/merchants";
import { pdfRendersInThisThread, setPdfCompression } from "./pdf";
import { pdfWorkers, usePdfWorkers } from "./pdf-response";
import { PdfWorkerPool } from "./pdf-pool";
import { fakePdfWorker } from "../../testing/fake-pdf-worker";
import { pdfText } from "./pdf-text";

type Merchant = Awaited<ReturnType<typeof signInMerchant>>;
const PAY = "http://pay.test";
const line = { description: "Design work", quantity: "2", unitPrice: { currency: "USD", value: "10.5" }, taxPercent: "10" };

/** Every PDF drawn in this test process so far: in the worker threads and in this thread. */
const drawn = () => pdfWorkers().renders + pdfRendersInThisThread();

/**
 * The public invoice PDF as an attack surface: anyone with the link could ask for it in a loop, and
 * each answer used to be drawn again on the server's event loop (about 140 ms of CPU).
 */
describe.each(TEST_BACKENDS)("the public invoice PDF under repeated and flooding requests (%s)", (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let payments: ReturnType<typeof createPaymentsApp>;
  let merchant: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    database = await openTestDb(kind);
    const deps = testDeps(database, { SIGNIN_RATE_LIMIT: "1000", PAYMENTS_ORIGIN: PAY, TRUST_PROXY: "1", INVOICE_PDF_RATE_LIMIT: "1000" });
    app = createApp(deps);
    payments = createPaymentsApp(deps);
    merchant = await signInMerchant(app);
    other = await signInMerchant(app);
    setPdfCompression(false);
  });
  afterAll(async () => {
    setPdfCompression(true);
    await database.close();
  });

  const call = (m: Merchant, method: string, path: string, body?: unknown) =>
    app.request(`/api${path}`, { method, headers: { ...m.auth, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  async function newInvoice(m: Merchant, over: Record<string, unknown> = {}) {
    const customer = (await (await call(m, "POST", "/v1/customers", { name: "Ada", email: `ada${Math.random()}@example.com` })).json()).data.customer;
    const res = await call(m, "POST", "/v1/invoices", { issuedOn: "2026-11-24", paymentDueOn: "2099-12-01", client: customer._id, currency: "USD", invoiceInclusions: [line], notes: "Thank you", ...over });
    expect(res.status).toBe(201);
    return (await res.json()).data.invoice as { _id: string; hashedId: string; invoiceNumber: string };
  }
  const pdf = async (hashedId: string, headers: Record<string, string> = {}) => payments.request(`/api/pay/invoices/${hashedId}/pdf`, { headers });

  it("the PDF is rendered once for repeated requests, parallel or one after another", async () => {
    const invoice = await newInvoice(merchant);
    const before = drawn();
    const parallel = await Promise.all(Array.from({ length: 5 }, () => pdf(invoice.hashedId)));
    const sequential = [];
    for (let i = 0; i < 3; i++) sequential.push(await pdf(invoice.hashedId));
    expect(drawn() - before).toBe(1);
    const bodies = await Promise.all([...parallel, ...sequential].map(async (res) => (expect(res.status).toBe(200), Buffer.from(await res.arrayBuffer()))));
    expect(new Set(bodies.map((b) => b.toString("base64"))).size).toBe(1);
    expect(pdfText(bodies[0])).toContain(invoice.invoiceNumber);
    // The merchant's own download of the same version shares the drawing.
    expect((await call(merchant, "GET", `/v1/invoices/${invoice._id}/pdf`)).status).toBe(200);
    expect(drawn() - before).toBe(1);
  });

  it("a changed invoice renders anew: edited notes, a payment, the merchant's name each change the ETag", async () => {
    const invoice = await newInvoice(merchant);
    const first = await pdf(invoice.hashedId);
    const etags = [first.headers.get("etag")];
    expect(etags[0]).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    const before = drawn();

    await database.db.update(invoices).set({ notes: "Now due in full" }).where(eq(invoices.hashedId, invoice.hashedId));
    const edited = await pdf(invoice.hashedId);
    etags.push(edited.headers.get("etag"));
    expect(pdfText(Buffer.from(await edited.arrayBuffer()))).toContain("Now due in full");

    await database.db.update(invoices).set({ status: "PAID" }).where(eq(invoices.hashedId, invoice.hashedId));
    etags.push((await pdf(invoice.hashedId)).headers.get("etag"));

    expect((await call(merchant, "PUT", "/profile", { company: "Renamed Ltd" })).status).toBe(200);
    const renamed = await pdf(invoice.hashedId);
    etags.push(renamed.headers.get("etag"));
    expect(pdfText(Buffer.from(await renamed.arrayBuffer()))).toContain("Renamed Ltd");

    etags.push((await pdf(invoice.hashedId)).headers.get("etag"));
    expect(new Set(etags.slice(0, 4)).size).toBe(4);
    expect(etags[4]).toBe(etags[3]); // unchanged since: served from the cache
    expect(drawn() - before).toBe(3);
  });

  it("If-None-Match answers 304 with nothing drawn; another language or a stale tag gets the PDF", async () => {
    const invoice = await newInvoice(merchant);
    const first = await pdf(invoice.hashedId);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    const before = drawn();
    const again = await pdf(invoice.hashedId, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await pdf(invoice.hashedId, { "if-none-match": `"stale", W/${etag}` })).status).toBe(304);
    expect(drawn() - before).toBe(0);

    expect((await pdf(invoice.hashedId, { "if-none-match": '"stale"' })).status).toBe(200);
    const fr = await payments.request(`/api/pay/invoices/${invoice.hashedId}/pdf?lng=fr`, { headers: { "if-none-match": etag } });
    expect(fr.status).toBe(200);
    expect(fr.headers.get("etag")).not.toBe(etag);
  });

  it("unknown and draft invoices are one 404 and an overlong id a 400, before any drawing; another merchant's is not the merchant's", async () => {
    const draft = await newInvoice(other);
    await database.db.update(invoices).set({ status: "DRAFT" }).where(eq(invoices.hashedId, draft.hashedId));
    const before = drawn();
    expect((await pdf("unknown-id")).status).toBe(404);
    expect((await pdf(draft.hashedId)).status).toBe(404);
    expect((await pdf("x".repeat(65))).status).toBe(400);
    // The merchant route stays the owner's: another merchant cannot fetch it by id.
    expect((await call(merchant, "GET", `/v1/invoices/${draft._id}/pdf`)).status).toBe(404);
    expect(drawn() - before).toBe(0);
  });

  it("over the rate limit answers 429 with Retry-After, for that client address only", async () => {
    const limited = createPaymentsApp(testDeps(database, { PAYMENTS_ORIGIN: PAY, TRUST_PROXY: "1", INVOICE_PDF_RATE_LIMIT: "3" }));
    const invoice = await newInvoice(merchant);
    const from = (address: string) => limited.request(`/api/pay/invoices/${invoice.hashedId}/pdf`, { headers: { "x-forwarded-for": address } });
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.7")).status).toBe(200);
    const refused = await from("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    expect((await from("198.51.100.8")).status).toBe(200); // another client: limits count per /24 block
    // The invoice itself (JSON) is not part of the PDF budget.
    expect((await limited.request(`/api/pay/invoices/${invoice.hashedId}`, { headers: { "x-forwarded-for": "203.0.113.7" } })).status).toBe(200);
  });

  it("a full drawing queue answers 503 with Retry-After; a drawn version is still served", async () => {
    const drawnBefore = await newInvoice(merchant);
    expect((await pdf(drawnBefore.hashedId)).status).toBe(200);
    const [a, b, c] = [await newInvoice(merchant), await newInvoice(merchant), await newInvoice(merchant)];
    // One stand-in worker that takes 10 s a drawing and room for one more job: a is drawn, b waits, c is refused.
    const stuck = new PdfWorkerPool({ size: 1, maxQueue: 1, deadlineMs: 20_000, idleMs: 60_000, launch: fakePdfWorker(10_000) });
    usePdfWorkers(stuck);
    try {
      const pending = [pdf(a.hashedId), pdf(b.hashedId)];
      await vi.waitFor(() => expect(stuck.renders).toBe(1));
      const refused = await pdf(c.hashedId);
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toMatchObject({ code: "pdf_busy" });
      expect((await pdf(drawnBefore.hashedId)).status).toBe(200);
      await stuck.close();
      await Promise.all(pending);
    } finally {
      usePdfWorkers(undefined);
      await stuck.close();
    }
  });

  it("the event loop stays free while PDFs render: 20 drawings go to the worker, none to the server's thread, and health answers meanwhile", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push((await newInvoice(merchant)).hashedId);
    const inThread = pdfRendersInThisThread();
    const inWorkers = pdfWorkers().renders;
    let done = 0;
    const pdfs = Promise.all(ids.map((id) => pdf(id).then(async (res) => (await res.arrayBuffer(), done++, res.status))));
    const health = await payments.request("/api/health");
    expect(health.status).toBe(200);
    // Not a timing: the health answer came while drawings were still queued (20 take the worker a second or more).
    expect(done).toBeLessThan(20);
    expect(await pdfs).toEqual(ids.map(() => 200));
    expect(pdfRendersInThisThread() - inThread).toBe(0);
    expect(pdfWorkers().renders - inWorkers).toBe(20);
  }, 120_000); // 20 real drawings: seconds on a quiet machine, many more on a busy 2-core one
});
