import { expect, test, type Page } from "@playwright/test";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { pdfText } from "../../src/server/modules/invoices/pdf-text";
import { E2E_PAYMENTS_PORT, SHOTS, overflow } from "./pay-helpers";

const PAYMENTS = `http://localhost:${E2E_PAYMENTS_PORT}`;

/** A merchant with a receiving wallet, a payee and a v1 invoice of 12.50 USD, all through the API. */
async function merchantInvoice(page: Page) {
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: createSolanaTestWallet().address, type: "manual", version: 1 } });
  expect(attached.status(), await attached.text()).toBe(201);
  const customer = await page.request.post("/api/v1/customers", { headers: auth, data: { name: "Ada Lovelace", email: "ada@example.com", address: ["1 Analytical Way", "London"] } });
  expect(customer.status(), await customer.text()).toBe(201);
  const created = await page.request.post("/api/v1/invoices", {
    headers: auth,
    data: {
      issuedOn: "2026-11-24",
      paymentDueOn: "2099-12-01",
      client: (await customer.json()).data.customer._id,
      currency: "USD",
      invoiceInclusions: [{ description: "Logo design", quantity: "1", unitPrice: { currency: "USD", value: "12.5" }, taxPercent: "0" }],
      notes: "Thank you",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()).data.invoice as { _id: string; hashedId: string; invoiceNumber: string };
  return { ...invoice, page: `${PAYMENTS}/invoice?i=${invoice.hashedId}`, auth };
}

test("the invoice page reads without JavaScript, downloads as a PDF holding the number and total, and turns PAID once paid on Solana", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const invoice = await merchantInvoice(page);

  // No JavaScript, on a phone: the whole document is in the HTML.
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, isMobile: true });
  const reader = await noJs.newPage();
  await reader.goto(invoice.page);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(`Invoice ${invoice.invoiceNumber}`);
  await expect(reader.getByText("Bill To")).toBeVisible();
  await expect(reader.getByText("Ada Lovelace")).toBeVisible();
  await expect(reader.getByText("Logo design")).toBeVisible();
  await expect(reader.getByTestId("invoice-total")).toHaveText("12.50 USD");
  await expect(reader.getByText("Payment due by 2099/12/01")).toBeVisible();
  await expect(reader.getByRole("link", { name: "Make Payment" })).toHaveAttribute("href", `${PAYMENTS}/?p=${invoice.hashedId}`);
  expect(await overflow(reader)).toBe(0);
  await reader.screenshot({ path: `${SHOTS}/invoice-no-js.png`, fullPage: true });
  await reader.goto(`${invoice.page}&lng=fr`);
  await expect(reader.getByText("Facturé à")).toBeVisible();
  await noJs.close();

  // The PDF: an attachment named after the number, with the number and the total in it.
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  const payer = createSolanaTestWallet("Payer Wallet");
  await payer.install(payerPage);
  await payerPage.goto(invoice.page);
  const [download] = await Promise.all([payerPage.waitForEvent("download"), payerPage.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}.pdf`);
  const pdf = await payerPage.request.get(`${PAYMENTS}/api/pay/invoices/${invoice.hashedId}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = pdfText(await pdf.body());
  expect(text).toContain(invoice.invoiceNumber);
  expect(text).toContain("Total due: 12.50 USD");

  // Make Payment opens the pay flow; the payer pays with Solana.
  await payerPage.getByRole("link", { name: "Make Payment" }).click();
  await expect(payerPage).toHaveURL(`${PAYMENTS}/?p=${invoice.hashedId}`);
  // The URL changes before the page has run its boot script; a tap before that does nothing (CI under load).
  await payerPage.waitForLoadState("load");
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });

  // The invoice is PAID: its page shows a disabled Paid button and no Make Payment.
  await payerPage.goto(invoice.page);
  await expect(payerPage.getByRole("button", { name: "Paid" })).toBeDisabled();
  await expect(payerPage.getByRole("link", { name: "Make Payment" })).toHaveCount(0);
  // Paid, it no longer asks for anything: the footer says what was paid, with no date to pay by.
  await expect(payerPage.getByText("Total paid:")).toBeVisible();
  await expect(payerPage.getByText(/Payment due by/)).toHaveCount(0);
  // On a phone every line's columns are on screen (each line is a card).
  expect(await overflow(payerPage)).toBe(0);
  const paidPdf = pdfText(await (await payerPage.request.get(`${PAYMENTS}/api/pay/invoices/${invoice.hashedId}/pdf`)).body());
  expect(paidPdf).toContain("Total paid: 12.50 USD");
  expect(paidPdf).not.toContain("Payment due by");
  await payerPage.screenshot({ path: `${SHOTS}/invoice-paid.png`, fullPage: true });
  const merchantRead = await page.request.get(`/api/v1/invoices/${invoice._id}`, { headers: invoice.auth });
  expect((await merchantRead.json()).data.invoice).toMatchObject({ status: "PAID", paymentInfo: { status: "validated" } });
  await payerContext.close();

  // The merchant's own view in the app: the same document, Paid, no Make Payment.
  await page.goto(`/invoices/view?id=${invoice._id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoice.invoiceNumber}` })).toBeVisible();
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Make Payment" })).toHaveCount(0);
  await expect(page.getByTestId("invoice-total")).toHaveText("12.50 USD");
  await page.screenshot({ path: `${SHOTS}/invoice-merchant-view.png`, fullPage: true });
  // Printed, the view is the invoice alone: no menu, no buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Dashboard" })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/invoice-merchant-print.png`, fullPage: true });
  await page.emulateMedia({ media: "screen" });
});

test("the invoice page runs its print script under the payments policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const invoice = await merchantInvoice(page);
  await page.goto(invoice.page);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole("button", { name: "Print" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  expect(violations).toEqual([]);
});

test("an unknown invoice says so", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const reader = await context.newPage();
  const res = await reader.goto(`${PAYMENTS}/invoice?i=doesNotExist1`);
  expect(res?.status()).toBe(404);
  await expect(reader.getByRole("alert")).toHaveText("This invoice does not exist or is no longer available.");
  await context.close();
});
