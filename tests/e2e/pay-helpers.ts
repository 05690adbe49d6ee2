import { expect, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { until, type WebhookReceiver } from "../../src/server/testing/webhook-receiver";

/** Shared steps of the pay journeys (pay-zlink, pay-evm): the merchant's zLink and what the payer sees. */

export const SHOTS = "test-results/screens";
export const E2E_PAYMENTS_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? 4332);
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 4331);
export const LOCAL_EVM_A = 31337;
export const LOCAL_EVM_B = 31338;

export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Sideways scroll of the page, in pixels (0 on a page that fits its viewport). */
/**
 * On an open pay page, the payer's Solana path in the sandbox: pick Solana, connect the installed
 * "Payer Wallet", take test USDC from the faucet, press Pay (`payLabel`, e.g. "Pay $4.50") and
 * wait for "Payment complete".
 */
export async function payWithSolanaTestWallet(payer: Page, payLabel: string) {
  // The URL changes before the page has run its boot script; a tap before that does nothing (CI under load).
  await payer.waitForLoadState("load");
  await payer.getByRole("button", { name: "Pay with Solana" }).click();
  await payer.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payer.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payer.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payer.getByRole("button", { name: payLabel }).click();
  await expect(payer.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
}

export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The merchant creates a zLink from /quick-pays and copies its link; returns the order id, the link and its table row. */
export async function createZLink(page: Page, title: string, price: string) {
  await page.goto("/quick-pays");
  await page.getByRole("button", { name: "Create Payment Link" }).click();
  const form = page.getByRole("dialog", { name: "Create Payment Link" });
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByRole("textbox", { name: "Amount" }).fill(price);
  await form.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Payment Link created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  const orderId = (await row.getByRole("cell").nth(1).textContent())!.trim();
  await row.getByRole("button", { name: `Copy link of ${orderId}` }).click();
  await expect(toast(page, "Link copied to clipboard!")).toBeVisible();
  const link = `http://localhost:${E2E_PAYMENTS_PORT}/?p=${orderId}`;
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  return { orderId, link, row };
}

/**
 * A signed-in merchant receiving on Solana and on every EVM chain, each at an address typed in
 * (attached through the API: the wallet dialog has journeys of its own), with a zLink.
 */
export async function merchantReceivingEverywhere(page: Page, title: string, price: string) {
  await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const solana = createSolanaTestWallet().address;
  const evm = privateKeyToAccount(generatePrivateKey()).address;
  for (const [address, chain] of [
    [solana, -5001],
    [evm, LOCAL_EVM_A],
  ] as const) {
    const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address, chain, type: "manual" } });
    expect(attached.status(), await attached.text()).toBe(201);
  }
  return { ...(await createZLink(page, title, price)), receiving: { solana, evm } };
}

/** The merchant's table shows the payment Completed, and its details name the hash, the explorer link and the stages. */
export async function merchantSeesCompleted(page: Page, row: ReturnType<Page["getByRole"]>, orderId: string, chainId: number, hash: string) {
  await page.goto("/quick-pays");
  await expect(row.getByText("Completed")).toBeVisible({ timeout: 15_000 });
  await row.getByRole("button", { name: `Details of ${orderId}` }).click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details).toContainText(hash.slice(0, 8));
  await expect(details.getByRole("link", { name: /View on explorer/ })).toHaveAttribute("href", new RegExp(`/tx/${chainId}/${hash}$`, "i"));
  for (const stage of ["Initiated", "Paid", "Validated"]) await expect(details.getByRole("rowheader", { name: stage, exact: true })).toBeVisible();
  await expect(details.getByRole("row", { name: /^Validated / })).not.toContainText("—");
  return details;
}

/** Points the signed-in merchant's webhooks at `hooks` (through the API; its settings form comes later); returns their signing secret. */
export async function merchantWebhookEndpoint(page: Page, hooks: WebhookReceiver, callback?: string): Promise<string> {
  const token = await merchantToken(page);
  const saved = await page.request.post("/api/integrations", { headers: { authorization: `Bearer ${token}` }, data: { endpoint: hooks.url, ...(callback ? { callback } : {}) } });
  expect(saved.status()).toBe(200);
  return (await saved.json()).data.secret;
}

/**
 * The events `hooks` received for the payment whose transaction is `hash`, each verified with the
 * merchant's `secret` (Standard Webhooks: a wrong signature throws); waits until `types` all came.
 */
export async function signedEventsFor(hooks: WebhookReceiver, secret: string, hash: string, types: string[]) {
  const verified = () =>
    hooks.requests
      .filter((r) => r.body.toLowerCase().includes(hash.toLowerCase()))
      .map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { hash: string } });
  return until(() => (types.every((t) => verified().some((e) => e.type === t)) ? verified() : undefined), `webhooks ${types.join(", ")} for ${hash}`, 30_000);
}
