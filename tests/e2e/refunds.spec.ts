import { expect, test, type Page } from "@playwright/test";
import { Connection, PublicKey } from "@solana/web3.js";
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { webhookReceiver, type WebhookReceiver } from "../../src/server/testing/webhook-receiver";
import { createZLink, merchantWebhookEndpoint, signedEventsFor, SHOTS, toast } from "./pay-helpers";

let hooks: WebhookReceiver;
test.beforeAll(async () => {
  hooks = await webhookReceiver([200]);
});
test.afterAll(async () => {
  await hooks?.close();
});

/** The payer's USDC balance in base units, read from the sandbox's own node (0 before the account exists). */
async function usdcBalance(page: Page, owner: string): Promise<bigint> {
  const config = (await (await page.request.get("/api/config")).json()).data as { contractsMeta: Record<string, { rpcUrl?: string }> };
  const connection = new Connection(config.contractsMeta["-5001"]!.rpcUrl!, "confirmed");
  const mint = await usdcMint(page);
  const account = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true);
  try {
    return BigInt((await connection.getTokenAccountBalance(account, "confirmed")).value.amount);
  } catch {
    return 0n;
  }
}

/** The sandbox's USDC mint on Solana Devnet, from the config the app serves. */
async function usdcMint(page: Page): Promise<string> {
  const config = (await (await page.request.get("/api/config")).json()).data as { allTokens: { chainId: number; symbol: string; address: string }[] };
  const usdc = config.allTokens.find((t) => t.chainId === -5001 && t.symbol === "USDC");
  if (!usdc) throw new Error("no Solana USDC in /api/config");
  return usdc.address;
}

test("a merchant refunds a Solana payment, part with the slider then the rest; the payer gets exactly that back and the webhook says so", async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);

  // The merchant signs in with the wallet they receive on (it signs the refund), with SOL for fees.
  const merchant = await signInMerchant(page);
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  const attached = await page.request.post("/api/wallet/networks", { headers: auth, data: { address: merchant.address, chain: -5001, type: "manual" } });
  expect(attached.status(), await attached.text()).toBe(201);
  const fees = await page.request.post("/api/sandbox/faucet", { data: { chain: -5001, address: merchant.address, token: "USDC" } });
  expect(fees.status(), await fees.text()).toBe(200);
  const secret = await merchantWebhookEndpoint(page, hooks);
  const { orderId, link, row } = await createZLink(page, "Refundable mug", "12.5");

  // A payer pays 12.5 USDC.
  const payerContext = await browser.newContext();
  const payerPage = await payerContext.newPage();
  const payer = createSolanaTestWallet("Payer Wallet");
  await payer.install(payerPage);
  await payerPage.goto(link);
  await payerPage.getByRole("button", { name: "Pay with Solana" }).click();
  await payerPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await payerPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(payerPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await payerPage.getByRole("button", { name: "Pay $12.50" }).click();
  await expect(payerPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  const hash = (await payerPage.getByRole("link", { name: /View on the explorer/ }).getAttribute("href"))!.split("/").pop()!;
  await payerContext.close();
  const paid = await usdcBalance(page, payer.address);

  // Part of it back: the slider to 40 % (the amount follows), Refund, the merchant's wallet signs.
  await page.goto("/quick-pays");
  await expect(row.getByText("Completed")).toBeVisible({ timeout: 30_000 });
  await row.getByRole("button", { name: `Details of ${orderId}` }).click();
  await page.getByRole("dialog", { name: "Transaction Details" }).getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund" });
  await expect(dialog.getByText("12.5 USDC", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText(/^1?\d+(\.\d+)? USDC$/).nth(1)).toBeVisible(); // the wallet's balance, read from the chain
  await dialog.getByRole("switch", { name: "Partial refund" }).click();
  const slider = dialog.getByRole("slider", { name: "Refund percentage" });
  await expect(slider).toHaveAttribute("aria-valuenow", "100");
  await slider.focus();
  for (let i = 0; i < 60; i++) await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveAttribute("aria-valuenow", "40");
  await expect(dialog.getByRole("textbox", { name: "Refund amount (USDC)" })).toHaveValue("5");
  await page.screenshot({ path: `${SHOTS}/refund-partial.png`, fullPage: true });
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(toast(page, "Refund requested")).toBeVisible();
  await expect(dialog.getByText("Refund confirmed: 5 USDC sent back to the payer.")).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: `${SHOTS}/refund-partial-confirmed.png`, fullPage: true });
  expect(await usdcBalance(page, payer.address)).toBe(paid + 5_000_000n);
  await dialog.getByRole("button", { name: "Close" }).last().click();
  // The Orders list shows what went back under the received amount; the chip still reads Completed.
  await page.goto("/transactions");
  const order = page.getByRole("row").filter({ hasText: "Refunded 5 USDC" });
  await expect(order).toHaveCount(1, { timeout: 15_000 });
  await expect(order.getByRole("cell", { name: "12.5 USDC Refunded 5 USDC" })).toBeVisible();
  await expect(order.getByText("Completed")).toBeVisible();

  // The rest, in full: the payment then reads Refunded.
  await page.goto("/quick-pays");
  await row.getByRole("button", { name: `Details of ${orderId}` }).click();
  await page.getByRole("dialog", { name: "Transaction Details" }).getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByText("7.5 USDC", { exact: true })).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByText("Refund confirmed: 7.5 USDC sent back to the payer.")).toBeVisible({ timeout: 60_000 });
  expect(await usdcBalance(page, payer.address)).toBe(paid + 12_500_000n);
  // Refunded in full: nothing is left to refund, so Details no longer offers it; it says how much
  // went back and when. The chip still reads Completed (SPEC §4 reading 1 names validated before
  // refunded), so the Orders row says "Refunded 12.5 USDC" under the received amount.
  await page.goto("/quick-pays");
  await row.getByRole("button", { name: `Details of ${orderId}` }).click();
  const details = page.getByRole("dialog", { name: "Transaction Details" });
  await expect(details).toBeVisible();
  await expect(details.getByRole("button", { name: "Refund" })).toHaveCount(0);
  await expect(details.getByText("12.5 USDC (full)")).toBeVisible();
  await expect(details.getByRole("table", { name: "Stages" }).getByRole("rowheader", { name: "Refunded" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/refund-refunded.png`, fullPage: true });
  await page.goto("/transactions");
  const refundedRow = page.getByRole("row").filter({ hasText: "Refunded 12.5 USDC" });
  await expect(refundedRow).toHaveCount(1, { timeout: 15_000 });
  await expect(refundedRow.getByText("Completed")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/refund-refunded-orders.png`, fullPage: true });

  // The merchant's server heard of both, signed.
  const events = await signedEventsFor(hooks, secret, hash, ["payment.refunded"]);
  const refunded = events.filter((e) => e.type === "payment.refunded") as unknown as { data: { refund: { amount: { value: string }; full: boolean } } }[];
  await expect.poll(() => hooks.requests.filter((r) => r.body.includes("payment.refunded") && r.body.includes(hash)).length, { timeout: 30_000 }).toBe(2);
  expect(refunded.map((e) => e.data.refund.amount.value).sort()).toEqual(expect.arrayContaining(["5000000"]));
});
