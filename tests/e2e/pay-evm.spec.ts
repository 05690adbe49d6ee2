import { expect, test, type Browser, type Page } from "@playwright/test";
import { createEvmTestWallet, type EvmTestWallet } from "../fixtures/evm-wallet";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { webhookReceiver, type WebhookReceiver } from "../../src/server/testing/webhook-receiver";
import { LOCAL_EVM_A, LOCAL_EVM_B, SHOTS, merchantReceivingEverywhere, merchantSeesCompleted, merchantWebhookEndpoint, overflow, signedEventsFor } from "./pay-helpers";

let hooks: WebhookReceiver;
test.beforeAll(async () => {
  hooks = await webhookReceiver([200]);
});
test.afterAll(async () => {
  await hooks?.close();
});

/** The EIP-6963 test wallet on local chain A, which also knows chain B (its own anvil). */
async function evmPayerWallet(browser: Browser, baseURL: string) {
  const config = await (await (await browser.newContext()).request.get(`${baseURL}/api/config`)).json();
  const meta = config.data.contractsMeta as Record<string, { rpcUrl: string }>;
  return createEvmTestWallet({
    rpcUrl: meta[String(LOCAL_EVM_A)]!.rpcUrl,
    chainId: LOCAL_EVM_A,
    networks: [{ chainId: LOCAL_EVM_B, rpcUrl: meta[String(LOCAL_EVM_B)]!.rpcUrl }],
    name: "Payer EVM Wallet",
  });
}

/** The hash of the payment's transaction, from the result screen's explorer link (`/tx/{chain}/{hash}`). */
async function paidHash(payerPage: import("@playwright/test").Page, chainId: number): Promise<string> {
  const explorer = payerPage.getByRole("link", { name: /View on the explorer/ });
  await expect(explorer).toHaveAttribute("href", new RegExp(`/tx/${chainId}/0x[0-9a-f]{64}$`, "i"));
  return (await explorer.getAttribute("href"))!.split("/").pop()!;
}

/** Test coins of `token` for the connected wallet, then Pay; waits for the complete screen. */
async function fundAndPay(payerPage: import("@playwright/test").Page, wallet: EvmTestWallet, token: string) {
  await payerPage.getByRole("button", { name: `Get test ${token}` }).click();
  await expect(payerPage.getByText(new RegExp(`^Sent 1,000 ${token} and .* ETH to your wallet`))).toBeVisible({ timeout: 30_000 });
  const before = wallet.requests.filter((r) => r === "eth_sendTransaction").length;
  await payerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  // The allowance first (approve), then the fee proxy's transferFromWithReferenceAndFee.
  expect(wallet.requests.filter((r) => r === "eth_sendTransaction").length - before).toBe(2);
}

/** A merchant with a zLink and a webhook endpoint; a payer opens the link with the EVM test wallet and connects it. */
async function evmPayerConnected(page: Page, browser: Browser, baseURL: string, title: string, price: string) {
  const merchant = await merchantReceivingEverywhere(page, title, price);
  const secret = await merchantWebhookEndpoint(page, hooks);
  const payerContext = await browser.newContext();
  const payerPage = await payerContext.newPage();
  const wallet = await evmPayerWallet(browser, baseURL);
  await wallet.install(payerPage);
  await payerPage.goto(merchant.link);
  await payerPage.getByRole("button", { name: "Pay with an EVM wallet" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer EVM Wallet" }).click();
  return { ...merchant, secret, payerContext, payerPage, wallet };
}

/** The merchant's endpoint got payment.paid and payment.validated for `hash`, signed with their secret. */
async function merchantToldByWebhook(secret: string, hash: string) {
  const events = await signedEventsFor(hooks, secret, hash, ["payment.paid", "payment.validated"]);
  expect(events.map((e) => e.type).sort()).toEqual(["payment.paid", "payment.validated"]);
  expect(events.every((e) => e.data.hash.toLowerCase() === hash.toLowerCase())).toBe(true);
}

test("a payer pays a zLink with the EIP-6963 test wallet on local EVM chain A in USDC; the merchant sees it with hash, explorer link and stages", async ({ page, context, browser, baseURL }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { row, orderId, secret, payerContext, payerPage, wallet } = await evmPayerConnected(page, browser, baseURL!, "Climbing shoes", "12.5");
  await expect(payerPage.getByText(/^0x[0-9a-fA-F]{9}…/).first()).toBeVisible();
  await expect(payerPage.getByRole("radio", { name: "Local EVM A" })).toBeChecked();
  await expect(payerPage.getByRole("radio", { name: "USDC" })).toBeChecked();
  await payerPage.screenshot({ path: `${SHOTS}/pay-evm-connected.png`, fullPage: true });
  await fundAndPay(payerPage, wallet, "USDC");
  await payerPage.screenshot({ path: `${SHOTS}/pay-evm-complete.png`, fullPage: true });
  const hash = await paidHash(payerPage, LOCAL_EVM_A);
  await payerContext.close();

  await merchantToldByWebhook(secret, hash);
  await merchantSeesCompleted(page, row, orderId, LOCAL_EVM_A, hash);
  await page.screenshot({ path: `${SHOTS}/pay-evm-merchant-details.png` });
});

test("another payer pays on local EVM chain B in USDT (18 decimals) after switching the wallet's network", async ({ page, context, browser, baseURL }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { row, orderId, secret, payerContext, payerPage, wallet } = await evmPayerConnected(page, browser, baseURL!, "Chalk bag", "7");
  await payerPage.getByRole("radio", { name: "Local EVM B" }).click();
  await payerPage.getByRole("radio", { name: "USDT" }).click();
  await expect(payerPage.getByRole("alert")).toContainText("Your wallet is on Local EVM A. Switch it to Local EVM B to pay.");
  await expect(payerPage.getByRole("button", { name: /^Pay / })).toBeDisabled();
  await payerPage.screenshot({ path: `${SHOTS}/pay-evm-needs-switch.png`, fullPage: true });
  await payerPage.getByRole("button", { name: "Switch to Local EVM B" }).click();
  await expect(payerPage.getByRole("button", { name: "Switch to Local EVM B" })).toBeHidden();
  expect(wallet.currentChainId).toBe(LOCAL_EVM_B);
  await fundAndPay(payerPage, wallet, "USDT");
  const hash = await paidHash(payerPage, LOCAL_EVM_B);
  await payerPage.screenshot({ path: `${SHOTS}/pay-evm-b-complete.png`, fullPage: true });
  await payerContext.close();

  await merchantToldByWebhook(secret, hash);
  const details = await merchantSeesCompleted(page, row, orderId, LOCAL_EVM_B, hash);
  await expect(details).toContainText("USDT");
});

test("a payer on a 360 px phone pays Solana USDT with the Solana test wallet; the merchant sees it", async ({ page, context, browser }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { link, row, orderId } = await merchantReceivingEverywhere(page, "Rope", "3");

  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("radio", { name: "USDT" }).click();
  await expect(payerPage.getByText("Paid in USDT on Solana Devnet")).toBeVisible();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDT" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDT and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  expect(await overflow(payerPage)).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/pay-solana-usdt-phone.png`, fullPage: true });
  await payerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  expect(await overflow(payerPage)).toBe(0);
  const explorer = payerPage.getByRole("link", { name: /View on the explorer/ });
  const hash = (await explorer.getAttribute("href"))!.split("/").pop()!;
  await payerContext.close();

  const details = await merchantSeesCompleted(page, row, orderId, -5001, hash);
  await expect(details).toContainText("USDT");
});
