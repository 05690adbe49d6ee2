import { expect, test, type Browser, type Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createEvmTestWallet } from "../fixtures/evm-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { E2E_PAYMENTS_PORT, LOCAL_EVM_A, LOCAL_EVM_B, SHOTS, overflow, toast } from "./pay-helpers";

/** A signed-in merchant receiving on Solana and local EVM chain A (wallets attached through the API: they have journeys of their own). */
async function merchantReceiving(page: Page) {
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  for (const [address, chain] of [
    [createSolanaTestWallet().address, -5001],
    [privateKeyToAccount(generatePrivateKey()).address, LOCAL_EVM_A],
  ] as const) {
    const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address, chain, type: "manual" } });
    expect(attached.status(), await attached.text()).toBe(201);
  }
}

/** In the open invoice dialog: Choose payee → Add Payee (meeting its messages) → Save → Select. */
async function addAndSelectPayee(page: Page, dialog: ReturnType<Page["getByRole"]>, name: string, email: string) {
  await dialog.getByRole("button", { name: "Choose payee" }).click();
  const payees = page.getByRole("dialog", { name: "Payee Information" });
  await payees.getByRole("button", { name: "Add Payee" }).click();
  const form = page.getByRole("dialog", { name: "Add Payee" });
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await expect(form.getByText("Invalid Email Address")).toBeVisible();
  await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByRole("textbox", { name: "Address line 1" }).fill("1 Harbour Road");
  await form.getByRole("button", { name: "Save" }).click();
  await page.getByRole("dialog", { name: "Payee Information" }).getByRole("button", { name: `Select ${name}` }).click();
  await expect(dialog.getByTestId("chosen-payee")).toContainText(name);
}

/** The payer opens the invoice page, reads it, and presses Make Payment; answers the pay page. */
async function payerOpensInvoice(browser: Browser, hashedId: string, shot: string, phone = false) {
  const context = await browser.newContext(phone ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } : {});
  const payerPage = await context.newPage();
  await payerPage.goto(`http://localhost:${E2E_PAYMENTS_PORT}/invoice?i=${hashedId}`);
  await expect(payerPage.getByRole("link", { name: "Make Payment" })).toBeVisible();
  if (phone) expect(await overflow(payerPage)).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
  return { context, payerPage };
}

test("a merchant bills a new payee with a zInvoice (DEFAULT); the payer pays it with a Solana wallet; the merchant sees PAID", async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await merchantReceiving(page);

  await page.goto("/bills");
  await expect(page).toHaveTitle("zInvoice - zPay");
  await expect(page.getByRole("cell", { name: "Invoice instantly—create your zInvoice now!" })).toBeVisible();
  await page.getByRole("button", { name: "Create Pay Invoice" }).click();
  const dialog = page.getByRole("dialog", { name: "Create zInvoice" });
  const label = dialog.getByRole("textbox", { name: "Button label" });
  await expect(label).toHaveValue("Pay Now");

  // SPEC §5 messages as the merchant meets them; Create stays disabled.
  await label.fill("");
  await expect(dialog.getByText("Please add button label")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Description, line 1" }).focus();
  await dialog.getByRole("textbox", { name: "Description, line 1" }).blur();
  await expect(dialog.getByText("Description is required")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Unit price, line 1" }).fill("abc");
  await expect(dialog.getByText("Invalid Input for non-numbers")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Quantity, line 1" }).fill("-1");
  await expect(dialog.getByText("Cannot be negative number")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create" })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/bills-create-messages.png` });

  await label.fill("Settle the logo");
  await addAndSelectPayee(page, dialog, "Ada Lovelace", "ada@analytical.example");
  await dialog.getByRole("textbox", { name: "Description, line 1" }).fill("Logo design");
  await dialog.getByRole("textbox", { name: "Quantity, line 1" }).fill("1");
  await dialog.getByRole("textbox", { name: "Unit price, line 1" }).fill("12.5");
  await expect(dialog.getByTestId("invoice-total")).toHaveText("12.50 USD");
  await page.screenshot({ path: `${SHOTS}/bills-create-filled.png` });
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Bill created successfully")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: "Settle the logo" });
  await expect(row.getByText("Active")).toBeVisible();
  const orderId = (await row.getByRole("cell").nth(1).textContent())!.trim();
  await row.getByRole("button", { name: `Copy link of ${orderId}` }).click();
  await expect(toast(page, "Link copied to clipboard!")).toBeVisible();
  const link = `http://localhost:${E2E_PAYMENTS_PORT}/?p=${orderId}`;
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await row.getByRole("button", { name: `Actions for ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "View Instructions" }).click();
  const instructions = page.getByRole("dialog", { name: "Setup Instructions" });
  await expect(instructions.getByRole("textbox", { name: "Payment page" })).toHaveValue(link);
  await page.screenshot({ path: `${SHOTS}/bills-instructions.png` });
  await instructions.getByRole("button", { name: "Close" }).click();

  // The payer, on a phone: the invoice page, Make Payment, then pays with Solana.
  const { context: payerContext, payerPage } = await payerOpensInvoice(browser, orderId, "bills-invoice-page", true);
  await expect(payerPage.getByText("Logo design")).toBeVisible();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.getByRole("link", { name: "Make Payment" }).click();
  await expect(payerPage).toHaveURL(link);
  // The URL changes before the page has run its boot script; a tap before that does nothing (CI under load).
  await payerPage.waitForLoadState("load");
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: /^Pay (?!with )/ }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  await payerPage.screenshot({ path: `${SHOTS}/bills-paid-solana.png`, fullPage: true });
  await payerContext.close();

  await expect(async () => {
    await page.reload();
    await expect(row.getByText("Paid", { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/bills-merchant-paid.png` });
});

test("a merchant creates a LEGAL invoice on /invoices; the payer pays it with an EVM wallet; the merchant sees PAID", async ({ page, context, browser, baseURL }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await merchantReceiving(page);

  await page.goto("/invoices");
  await page.getByRole("button", { name: "Create Invoice" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Invoice" });
  await dialog.getByRole("combobox", { name: "Layout" }).click();
  await page.getByRole("option", { name: "Legal" }).click();
  await dialog.getByRole("textbox", { name: "Particulars, line 1" }).focus();
  await dialog.getByRole("textbox", { name: "Particulars, line 1" }).blur();
  await expect(dialog.getByText("Particulars are required")).toBeVisible();
  await addAndSelectPayee(page, dialog, "Blaise Pascal", "blaise@pascaline.example");
  await dialog.getByRole("textbox", { name: "Particulars, line 1" }).fill("Trademark filing");
  await dialog.getByRole("textbox", { name: "Professional fees, line 1" }).fill("5");
  await dialog.getByRole("textbox", { name: "Official fees, line 1" }).fill("2");
  await dialog.getByRole("textbox", { name: "VAT, line 1" }).fill("0.5");
  await expect(dialog.getByTestId("invoice-total")).toHaveText("7.50 USD");
  await page.screenshot({ path: `${SHOTS}/invoices-create-legal.png` });
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Bill created successfully")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: "Blaise Pascal" });
  await expect(row).toContainText("7.50 USD");
  const number = (await row.getByRole("cell").first().textContent())!.trim();
  await row.getByRole("button", { name: `Actions for ${number}` }).click();
  await page.getByRole("menuitem", { name: "Copy Link" }).click();
  await expect(toast(page, "Link copied to clipboard!")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const hashedId = new URL(link).searchParams.get("p")!;
  expect(link).toBe(`http://localhost:${E2E_PAYMENTS_PORT}/?p=${hashedId}`);

  // The payer: the invoice page, Make Payment, then the EIP-6963 test wallet on local chain A.
  const { context: payerContext, payerPage } = await payerOpensInvoice(browser, hashedId, "invoices-invoice-page");
  await expect(payerPage.getByText("Trademark filing")).toBeVisible();
  const config = await (await payerPage.request.get(`${baseURL}/api/config`)).json();
  const meta = config.data.contractsMeta as Record<string, { rpcUrl: string }>;
  const wallet = createEvmTestWallet({
    rpcUrl: meta[String(LOCAL_EVM_A)]!.rpcUrl,
    chainId: LOCAL_EVM_A,
    networks: [{ chainId: LOCAL_EVM_B, rpcUrl: meta[String(LOCAL_EVM_B)]!.rpcUrl }],
    name: "Payer EVM Wallet",
  });
  await wallet.install(payerPage);
  await payerPage.getByRole("link", { name: "Make Payment" }).click();
  await payerPage.getByRole("button", { name: "Pay with an EVM wallet" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer EVM Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and .* ETH to your wallet/)).toBeVisible({ timeout: 30_000 });
  await payerPage.getByRole("button", { name: /^Pay (?!with )/ }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  await payerPage.screenshot({ path: `${SHOTS}/invoices-paid-evm.png`, fullPage: true });
  await payerContext.close();

  await expect(async () => {
    await page.reload();
    await expect(row.getByText("Paid", { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/invoices-merchant-paid.png` });
});
