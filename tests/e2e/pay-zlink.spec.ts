import { expect, test, type Browser, type Page } from "@playwright/test";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { signInMerchant } from "../fixtures/merchant";
import { webhookReceiver, type WebhookReceiver } from "../../src/server/testing/webhook-receiver";
import { createZLink, E2E_APP_PORT, merchantWebhookEndpoint, signedEventsFor, SHOTS, toast } from "./pay-helpers";

let hooks: WebhookReceiver;
test.beforeAll(async () => {
  hooks = await webhookReceiver([200]);
});
test.afterAll(async () => {
  await hooks?.close();
});

/** The merchant's side, through the UI: a receiving wallet and a zLink; the webhook endpoint through the API. */
async function merchantReady(page: Page, price: string, callback?: string) {
  await signInMerchant(page);
  await page.goto("/settings/deposits");
  await page.getByRole("button", { name: "Connect a wallet" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Solana Devnet" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Enter address manually" }).click();
  await page.getByRole("textbox", { name: "Wallet address" }).fill(createSolanaTestWallet().address);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("dialog", { name: "Confirm Wallet Address" }).getByRole("button", { name: "Confirm" }).click();
  await expect(toast(page, "Wallet address saved")).toBeVisible();

  const secret = await merchantWebhookEndpoint(page, hooks, callback);

  return { secret, ...(await createZLink(page, "Coffee beans", price)) };
}

/** A new payer on a phone opens the link, takes test coins and pays; answers the page once the payment is received. */
async function payAsNewPayer(browser: Browser, link: string, amountLabel: string) {
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: amountLabel }).click();
  await expect(payerPage.getByRole("heading", { name: /Payment (received|complete)/ })).toBeVisible({ timeout: 30_000 });
  return payerPage;
}

test("a payer pays a zLink with a Solana wallet; the merchant sees it Completed and is told by webhook", async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { secret, orderId, link, row } = await merchantReady(page, "12.5");

  // The payer: another browser on a phone, no account, a wallet with nothing in it.
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  const payer = createSolanaTestWallet("Payer Wallet");
  await payer.install(payerPage);
  await payerPage.goto(link);
  await expect(payerPage.getByRole("heading", { name: "Coffee beans" })).toBeVisible();
  await expect(payerPage.getByText("This page runs on a test network. No real money moves.")).toBeVisible();
  await expect(payerPage.getByText("About 12.5 USDC at today’s rate. The rate is fixed when you pay.")).toBeVisible();
  const overflow = () => payerPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/pay-opened.png`, fullPage: true });

  // The wallet code loads when the payer picks the chain family.
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await expect(payerPage.getByText(payer.address.slice(0, 4)).first()).toBeVisible();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText("Sent 1,000 USDC and 1 SOL to your wallet. You can pay now.")).toBeVisible({ timeout: 20_000 });
  expect(await overflow()).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/pay-funded.png`, fullPage: true });

  await payerPage.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(payerPage.getByRole("heading", { name: /Payment (received|complete)/ })).toBeVisible({ timeout: 30_000 });
  await payerPage.screenshot({ path: `${SHOTS}/pay-received.png`, fullPage: true });
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 30_000 });
  const explorer = payerPage.getByRole("link", { name: /View on the explorer/ });
  await expect(explorer).toHaveAttribute("href", /\/tx\/-5001\/[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  expect(await overflow()).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/pay-complete.png`, fullPage: true });
  const hash = (await explorer.getAttribute("href"))!.split("/").pop()!;

  // The merchant's endpoint got payment.paid and payment.validated, signed with their secret.
  const events = await signedEventsFor(hooks, secret, hash, ["payment.paid", "payment.validated"]);
  expect(events.map((e) => e.type).sort()).toEqual(["payment.paid", "payment.validated"]);
  expect(events.every((e) => e.data.hash === hash)).toBe(true);

  // The merchant's table: Completed, and the details dialog names the hash and the stages.
  await page.reload();
  await expect(row.getByText("Completed")).toBeVisible();
  await row.getByRole("button", { name: `Details of ${orderId}` }).click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details).toContainText(hash.slice(0, 8));
  await expect(details.getByRole("link", { name: /View on explorer/ })).toHaveAttribute("href", new RegExp(`/tx/-5001/${hash}$`));
  for (const stage of ["Initiated", "Paid", "Validated"]) await expect(details.getByRole("rowheader", { name: stage, exact: true })).toBeVisible();
  await expect(details.getByRole("row", { name: /^Validated / })).not.toContainText("—");
  await page.screenshot({ path: `${SHOTS}/pay-merchant-details.png` });

  // The explorer page on the payments origin shows what the local network recorded.
  await payerPage.goto((await explorer.getAttribute("href")) ?? "");
  await expect(payerPage.getByText("Success", { exact: true })).toBeVisible();
  await expect(payerPage.getByText(hash).first()).toBeVisible();
  expect(await overflow()).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/pay-explorer.png`, fullPage: true });
  await payerContext.close();
});

test("a disabled zLink tells the payer it cannot be paid", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { link, row, orderId } = await merchantReady(page, "3");
  await row.getByRole("button", { name: `Actions for ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  await page.getByRole("dialog", { name: "Update Payment Link" }).getByRole("button", { name: "Disable" }).click();
  await page.getByRole("alertdialog", { name: "Please note" }).getByRole("button", { name: "Disable" }).click();
  await expect(toast(page, "Disabled successfully")).toBeVisible();

  const payerPage = await (await browser.newContext()).newPage();
  await payerPage.goto(link);
  await expect(payerPage.getByText(/does not exist|no longer/i).first()).toBeVisible({ timeout: 15_000 });
  await expect(payerPage.getByRole("button", { name: /^Pay / })).toHaveCount(0);
  await payerPage.screenshot({ path: `${SHOTS}/pay-disabled-link.png`, fullPage: true });
});

test("after paying, the payer is taken back to the merchant's callback URL", async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const callback = `http://localhost:${E2E_APP_PORT}/?order=thanks`;
  const { link } = await merchantReady(page, "2", callback);
  const payerPage = await payAsNewPayer(browser, link, "Pay $2.00");
  await expect(payerPage.getByText(/^Returning you to localhost:\d+ in \d+ s…$/)).toBeVisible();
  await payerPage.screenshot({ path: `${SHOTS}/pay-callback-countdown.png`, fullPage: true });
  await payerPage.waitForURL(callback, { timeout: 15_000 });
});

test("a payer whose browser speaks French gets the pay page in French, on a phone", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { link } = await merchantReady(page, "7.5");
  const payerContext = await browser.newContext({ locale: "fr-FR", viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await payerPage.goto(link);
  await expect(payerPage.getByText("Cette page utilise un réseau de test. Aucun argent réel n’est déplacé.")).toBeVisible();
  await payerPage.getByRole("button", { name: "Payer avec Solana" }).click();
  await expect(payerPage.getByRole("heading", { name: "Votre portefeuille" })).toBeVisible();
  expect(await payerPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/pay-french-phone.png`, fullPage: true });
  await payerContext.close();
});
