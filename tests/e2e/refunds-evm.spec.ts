import { expect, test, type Browser, type Page } from "@playwright/test";
import { createPublicClient, erc20Abi, http, type Address } from "viem";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createEvmTestWallet } from "../fixtures/evm-wallet";
import { webhookReceiver, type WebhookReceiver } from "../../src/server/testing/webhook-receiver";
import { createZLink, LOCAL_EVM_A, merchantWebhookEndpoint, signedEventsFor, SHOTS, toast } from "./pay-helpers";

let hooks: WebhookReceiver;
test.beforeAll(async () => {
  hooks = await webhookReceiver([200]);
});
test.afterAll(async () => {
  await hooks?.close();
});

interface Config {
  contractsMeta: Record<string, { rpcUrl?: string }>;
  allTokens: { chainId: number; symbol: string; address: string }[];
}
const configOf = async (page: Page) => (await (await page.request.get("/api/config")).json()).data as Config;

/** The `owner`'s USDC on local chain A in base units, read from the sandbox's own node. */
async function usdcBalance(page: Page, owner: string): Promise<bigint> {
  const config = await configOf(page);
  const usdc = config.allTokens.find((t) => t.chainId === LOCAL_EVM_A && t.symbol === "USDC")!;
  const client = createPublicClient({ transport: http(config.contractsMeta[String(LOCAL_EVM_A)]!.rpcUrl!) });
  return client.readContract({ address: usdc.address as Address, abi: erc20Abi, functionName: "balanceOf", args: [owner as Address] });
}

/** An EIP-6963 test wallet on local chain A. */
async function evmWallet(page: Page, name: string) {
  const config = await configOf(page);
  return createEvmTestWallet({ rpcUrl: config.contractsMeta[String(LOCAL_EVM_A)]!.rpcUrl!, chainId: LOCAL_EVM_A, name });
}

/** A payer pays the zLink 12.5 USDC on chain A with their own test wallet; answers their address and the payment's hash. */
async function payerPays(browser: Browser, page: Page, link: string) {
  const payerContext = await browser.newContext();
  const payerPage = await payerContext.newPage();
  const wallet = await evmWallet(page, "Payer EVM Wallet");
  await wallet.install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with an EVM wallet" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer EVM Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and .* ETH to your wallet/)).toBeVisible({ timeout: 30_000 });
  await payerPage.getByRole("button", { name: /^Pay / }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  const hash = (await payerPage.getByRole("link", { name: /View on the explorer/ }).getAttribute("href"))!.split("/").pop()!;
  await payerContext.close();
  return { payer: wallet.address, hash };
}

test("a merchant refunds 40 % of an EVM payment from their EVM wallet; the payer gets exactly that back and the webhook says so", async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);

  // The merchant's EVM wallet is in their browser: it receives the payment and sends the refund.
  const merchantWallet = await evmWallet(page, "Merchant EVM Wallet");
  await merchantWallet.install(page);
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: merchantWallet.address, chain: LOCAL_EVM_A, type: "manual" } });
  expect(attached.status(), await attached.text()).toBe(201);
  const gas = await page.request.post("/api/sandbox/faucet", { data: { chain: LOCAL_EVM_A, address: merchantWallet.address, token: "USDC" } });
  expect(gas.status(), await gas.text()).toBe(200);
  const secret = await merchantWebhookEndpoint(page, hooks);
  const { link } = await createZLink(page, "Refundable boots", "12.5");

  const { payer, hash } = await payerPays(browser, page, link);
  const paid = await usdcBalance(page, payer);

  // Orders → the payment's menu → Refund; partial, the slider to 40 %: the amount follows.
  await page.goto("/transactions");
  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows.first().getByText("Completed")).toBeVisible({ timeout: 30_000 });
  await rows.first().getByRole("button", { name: /^Actions for / }).click();
  await page.getByRole("menuitem", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund" });
  await expect(dialog.getByText("12.5 USDC", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText("1,012.5 USDC").or(dialog.getByText("1012.5 USDC"))).toBeVisible(); // the wallet's balance, read from the chain
  await dialog.getByRole("switch", { name: "Partial refund" }).click();
  const slider = dialog.getByRole("slider", { name: "Refund percentage" });
  await expect(slider).toHaveAttribute("aria-valuenow", "100");
  await slider.focus();
  for (let i = 0; i < 60; i++) await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveAttribute("aria-valuenow", "40");
  await expect(dialog.getByRole("textbox", { name: "Refund amount (USDC)" })).toHaveValue("5");
  await page.screenshot({ path: `${SHOTS}/refund-evm-partial.png`, fullPage: true });
  const prompts = merchantWallet.requests.length;
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(toast(page, "Refund requested")).toBeVisible();
  await expect(dialog.getByText("Refund confirmed: 5 USDC sent back to the payer.")).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/refund-evm-confirmed.png`, fullPage: true });
  // The merchant's wallet approved the proxy, then sent through it.
  expect(merchantWallet.requests.slice(prompts).filter((r) => r === "eth_sendTransaction")).toHaveLength(2);
  expect(await usdcBalance(page, payer)).toBe(paid + 5_000_000n);

  // The merchant's server heard of it, signed, with the amount.
  await expect.poll(() => hooks.requests.filter((r) => r.body.includes("payment.refunded") && r.body.toLowerCase().includes(hash.toLowerCase())).length, { timeout: 30_000 }).toBe(1);
  const events = await signedEventsFor(hooks, secret, hash, ["payment.refunded"]);
  const refunded = events.find((e) => e.type === "payment.refunded") as unknown as { data: { refund: { amount: { value: string }; full: boolean; to: string } } };
  expect(refunded.data.refund).toMatchObject({ amount: { value: "5000000" }, full: false });
  expect(refunded.data.refund.to.toLowerCase()).toBe(payer.toLowerCase());
});
