import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createEvmTestWallet } from "../fixtures/evm-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { mailLink, waitForMail } from "./mailbox";
import { E2E_PAYMENTS_PORT, LOCAL_EVM_A, SHOTS, toast } from "./pay-helpers";

/** A payer address no other run used (the sandbox mailbox keeps every mail). */
const payerEmail = (who: string) => `${who}-${randomBytes(4).toString("hex")}@payer.example`;

/** A signed-in merchant receiving on Solana and local EVM chain A (attached through the API; the wallet dialog has journeys of its own). */
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

/** Create Pay Request → fill → Create; answers the new row and its order id. */
async function createRequest(page: Page, name: string, email: string, message: string, amount: string) {
  await page.getByRole("button", { name: "Create Pay Request" }).click();
  const form = page.getByRole("dialog", { name: "Create Pay Request" });
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("textbox", { name: "Your Message" }).fill(message);
  await form.getByRole("textbox", { name: "Amount" }).fill(amount);
  await form.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Saved successfully")).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: email });
  const orderId = (await row.getByRole("cell").nth(1).textContent())!.trim();
  expect(orderId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{12}$/);
  return { row, orderId };
}

/** The payer's e-mail: the amount, the message and the pay link, which must be this request's. */
async function payLinkFromMail(page: Page, email: string, orderId: string, amountText: string, message: string) {
  const mail = await waitForMail(page.request, { to: email, subjectIncludes: "asks you to pay" });
  expect(mail.subject).toContain(amountText);
  expect(mail.text).toContain(message);
  const link = mailLink(mail, /\?p=/);
  expect(link).toBe(`http://localhost:${E2E_PAYMENTS_PORT}/?p=${orderId}`);
  return link;
}

/** The merchant's row reads Completed and its Details name the hash and the stages. */
async function merchantSeesCompleted(page: Page, orderId: string, hash: string) {
  await page.goto("/collects");
  const row = page.getByRole("row").filter({ hasText: orderId });
  await expect(row.getByText("Completed")).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole("button", { name: `Actions for ${orderId}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Details of ${orderId}` }).click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details).toHaveAccessibleDescription(`Payment for ${orderId}`);
  await expect(details).toContainText(hash.slice(0, 8));
  for (const stage of ["Initiated", "Paid", "Validated"]) await expect(details.getByRole("rowheader", { name: stage, exact: true })).toBeVisible();
  return details;
}

/** A paid zRequest stays paid: the pay API says so and refuses a second payment. */
async function reopenedPaid(browser: Browser, link: string, orderId: string, shot: string) {
  const context = await browser.newContext();
  const payerPage = await context.newPage();
  await payerPage.goto(link);
  const product = await payerPage.request.get(`http://localhost:${E2E_PAYMENTS_PORT}/api/pay/${orderId}`);
  expect(product.status()).toBe(200);
  expect((await product.json()).data).toMatchObject({ paid: true, request: { name: expect.any(String) } });
  const again = await payerPage.request.post(`http://localhost:${E2E_PAYMENTS_PORT}/api/pay/${orderId}/start`, {
    data: { chainId: -5001, token: "USDC", payer: createSolanaTestWallet().address, sessionId: "second-payer" },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toMatchObject({ code: "already_paid", message: "This has already been paid." });
  await payerPage.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
  await context.close();
}

test("a merchant requests a payment by e-mail; the payer follows the mail's link and pays with Solana; the request is paid once", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await merchantReceiving(page);

  // zRequest from the side menu: the empty state.
  // The side menu offers zRequest now that its screen is built.
  await expect(page.getByRole("navigation").getByRole("link", { name: "zRequest" })).toHaveAttribute("href", "/collects");
  await page.goto("/collects");
  await expect(page).toHaveTitle("zRequest - zPay");
  await expect(page.getByRole("cell", { name: "Collect payments seamlessly — create your zRequest now!" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/collects-empty.png` });

  // The validation messages as a merchant meets them.
  await page.getByRole("button", { name: "Create Pay Request" }).click();
  const form = page.getByRole("dialog", { name: "Create Pay Request" });
  const name = form.getByRole("textbox", { name: "Name" });
  const email = form.getByRole("textbox", { name: "Email address" });
  const message = form.getByRole("textbox", { name: "Your Message" });
  const amount = form.getByRole("textbox", { name: "Amount" });
  await name.fill("x");
  await name.fill("");
  await expect(form.getByText("Please add the name")).toBeVisible();
  await email.fill("x");
  await email.fill("");
  await expect(form.getByText("Please add valid email address")).toBeVisible();
  await email.fill("ada@example");
  await expect(form.getByText("Invalid email address")).toBeVisible();
  await message.fill("x");
  await message.fill("");
  await expect(form.getByText("Please add description for the collect request")).toBeVisible();
  await amount.fill("x");
  await amount.fill("");
  await expect(form.getByText("Please add amount to collect")).toBeVisible();
  await amount.fill("abc");
  await expect(form.getByText("Invalid amount")).toBeVisible();
  await amount.fill("-2");
  await expect(form.getByText("Price cannot be less than zero")).toBeVisible();
  await amount.fill("0.05");
  await expect(form.getByText("Amount must be at least 0.1")).toBeVisible();
  await expect(form.getByRole("button", { name: "Create" })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/collects-create-invalid.png` });
  await form.getByRole("button", { name: "Close" }).click();

  const ada = payerEmail("ada");
  const { row, orderId } = await createRequest(page, "Ada Lovelace", ada, "March consulting", "12.5");
  await expect(row).toContainText("12.50 USD");
  await expect(row.getByText("Pending")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/collects-created.png` });

  // A reminder right after the request: refused (one e-mail a minute), naming the mail that holds it.
  await row.getByRole("button", { name: `Actions for ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "Send reminder" }).click();
  await expect(toast(page, "The request e-mail was sent less than a minute ago. Please wait a moment before sending a reminder")).toBeVisible();

  // The payer's mailbox: the request with the amount, the message and the link.
  const link = await payLinkFromMail(page, ada, orderId, "12.5 USD", "March consulting");

  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.goto(link);
  await expect(payerPage.getByText("March consulting").first()).toBeVisible();
  await payerPage.screenshot({ path: `${SHOTS}/collects-pay-page.png`, fullPage: true });
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  const hash = (await payerPage.getByRole("link", { name: /View on the explorer/ }).getAttribute("href"))!.split("/").pop()!;
  await payerPage.screenshot({ path: `${SHOTS}/collects-paid-solana.png`, fullPage: true });
  await payerContext.close();

  await merchantSeesCompleted(page, orderId, hash);
  await page.screenshot({ path: `${SHOTS}/collects-details.png` });
  await reopenedPaid(browser, link, orderId, "collects-reopened-paid.png");
});

test("a second zRequest is paid with the EIP-6963 test wallet on local EVM chain A", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await merchantReceiving(page);
  await page.goto("/collects");
  const grace = payerEmail("grace");
  const { orderId } = await createRequest(page, "Grace Hopper", grace, "Compiler review", "7");
  const link = await payLinkFromMail(page, grace, orderId, "7 USD", "Compiler review");

  const config = await (await page.request.get(`${baseURL}/api/config`)).json();
  const meta = config.data.contractsMeta as Record<string, { rpcUrl: string }>;
  const wallet = createEvmTestWallet({ rpcUrl: meta[String(LOCAL_EVM_A)]!.rpcUrl, chainId: LOCAL_EVM_A, name: "Payer EVM Wallet" });
  const payerContext = await browser.newContext();
  const payerPage = await payerContext.newPage();
  await wallet.install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with an EVM wallet" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer EVM Wallet" }).click();
  await expect(payerPage.getByRole("radio", { name: "Local EVM A" })).toBeChecked();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and .* ETH to your wallet/)).toBeVisible({ timeout: 30_000 });
  await payerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  const hash = (await payerPage.getByRole("link", { name: /View on the explorer/ }).getAttribute("href"))!.split("/").pop()!;
  await payerPage.screenshot({ path: `${SHOTS}/collects-paid-evm.png`, fullPage: true });
  await payerContext.close();

  await merchantSeesCompleted(page, orderId, hash);
  await reopenedPaid(browser, link, orderId, "collects-reopened-paid-evm.png");
});
