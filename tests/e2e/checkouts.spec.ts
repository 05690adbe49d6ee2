import { expect, test, type Browser, type Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createEvmTestWallet } from "../fixtures/evm-wallet";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken, signInMerchant } from "../fixtures/merchant";
import { E2E_PAYMENTS_PORT, LOCAL_EVM_A, LOCAL_EVM_B, SHOTS, overflow, toast } from "./pay-helpers";

/** A 48 × 48 PNG: a purple block on a pale background. */
const ITEM_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAR0lEQVR42u3YsQkAIAwAwUxn6/5dGnEM3UEipDj4Aa7+yH1aFUBAQEBAD6A5VklAQEBAQEBAQEBAQEBAQEBAPUH+EBAQ0MculwZRfPdZnRMAAAAASUVORK5CYII=", "base64");

/** A signed-in merchant receiving on Solana and on the local EVM chains (wallets attached through the API). */
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

/** Add Item through the dialog, optionally with the PNG. */
async function addItem(page: Page, name: string, price: string, image = false) {
  await page.getByRole("button", { name: "Add Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Item" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.getByRole("textbox", { name: "Price" }).fill(price);
  if (image) {
    await dialog.getByLabel("Choose image", { exact: true }).and(page.locator("input[type=file]")).setInputFiles({ name: "mug.png", mimeType: "image/png", buffer: ITEM_PNG });
    await expect(dialog.getByRole("img", { name: "Preview of the item image" })).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Add" }).click();
  await expect(toast(page, "Item added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Create Checkout with the given items (and quantities); answers its order id, hosted link and row. */
async function createCheckout(page: Page, label: string, lines: [string, number][], editable: boolean) {
  await page.getByRole("button", { name: "Create Checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Checkout" });
  await dialog.getByRole("textbox", { name: "Button label" }).fill(label);
  for (const [name, quantity] of lines) {
    await dialog.getByRole("checkbox", { name: `Include ${name}` }).click();
    await dialog.getByRole("spinbutton", { name: `Quantity of ${name}` }).fill(String(quantity));
  }
  if (editable) await dialog.getByRole("switch", { name: "Let the payer change quantities" }).click();
  await page.screenshot({ path: `${SHOTS}/checkouts-create-dialog.png` });
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Checkout created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: label });
  const orderId = (await row.getByRole("cell").nth(1).textContent())!.trim();
  await row.getByRole("button", { name: `Copy link of ${orderId}` }).click();
  await expect(toast(page, "Link copied to clipboard!")).toBeVisible();
  const link = `http://localhost:${E2E_PAYMENTS_PORT}/?p=${orderId}`;
  // The first checkout's "copied" toast may still be up: wait for the clipboard itself to hold this link.
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  return { orderId, link, row };
}

async function evmWallet(browser: Browser, baseURL: string) {
  const config = await (await (await browser.newContext()).request.get(`${baseURL}/api/config`)).json();
  const meta = config.data.contractsMeta as Record<string, { rpcUrl: string }>;
  return createEvmTestWallet({
    rpcUrl: meta[String(LOCAL_EVM_A)]!.rpcUrl,
    chainId: LOCAL_EVM_A,
    networks: [{ chainId: LOCAL_EVM_B, rpcUrl: meta[String(LOCAL_EVM_B)]!.rpcUrl }],
    name: "Payer EVM Wallet",
  });
}

test("a merchant builds a catalogue and checkouts in zCart; a payer changes a quantity and pays with Solana, another pays with EVM; the merchant sees them Completed with their lines", async ({ page, context, browser, baseURL }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await merchantReceiving(page);

  // The catalogue: two items, one with a picture served from our own origin.
  await page.goto("/checkouts");
  await expect(page.getByRole("heading", { level: 1, name: "zCart" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Your catalogue is empty — add the first item you sell!" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Checkout" })).toBeDisabled();
  await addItem(page, "Coffee mug", "12.5", true);
  await addItem(page, "Organic tee", "20");
  const picture = page.getByRole("table", { name: "Your catalogue" }).getByRole("img", { name: "Coffee mug" });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

  // A checkout of both, the payer may change the quantities; another of the mug alone.
  const cart = await createCheckout(page, "Breakfast set", [["Coffee mug", 2], ["Organic tee", 1]], true);
  await expect(cart.row).toContainText("45.00 USD");
  const mugs = await createCheckout(page, "Two mugs", [["Coffee mug", 2]], false);
  await expect(mugs.row).toContainText("25.00 USD");
  expect(await overflow(page)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/checkouts-merchant.png`, fullPage: true });

  // Instructions: the shared hosted-link dialog, titled for zCart.
  await cart.row.getByRole("button", { name: `Actions for ${cart.orderId}` }).click();
  await page.getByRole("menuitem", { name: "View Instructions" }).click();
  const instructions = page.getByRole("dialog", { name: "zCart Instructions" });
  await expect(instructions.getByRole("textbox", { name: "Hosted payment page" })).toHaveValue(cart.link);
  await page.keyboard.press("Escape");

  // A payer on a phone pays the cart with Solana.
  const solanaContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const solanaPage = await solanaContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(solanaPage);
  await solanaPage.goto(cart.link);
  await expect(solanaPage.getByRole("heading", { name: "Breakfast set" })).toBeVisible();
  await solanaPage.screenshot({ path: `${SHOTS}/checkouts-pay-opened.png`, fullPage: true });
  // The page's code comes with the chain family; then the payer takes a second tee: the total follows, and the server charges the same.
  await solanaPage.getByRole("button", { name: "Pay with Solana" }).click();
  await solanaPage.getByRole("button", { name: "Increase quantity of Organic tee" }).click();
  await expect(solanaPage.getByRole("spinbutton", { name: "Quantity of Organic tee" })).toHaveValue("2");
  await expect(solanaPage.getByText("Total", { exact: true }).locator("xpath=following-sibling::span")).toHaveText("$65.00");
  expect(await overflow(solanaPage)).toBe(0);
  await solanaPage.screenshot({ path: `${SHOTS}/checkouts-pay-quantity.png`, fullPage: true });
  await solanaPage.getByRole("button", { name: "Connect Payer Wallet" }).click();
  await solanaPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(solanaPage.getByText(/^Sent 1,000 USDC and 1 SOL/)).toBeVisible({ timeout: 20_000 });
  await solanaPage.getByRole("button", { name: /^Pay / }).click();
  await expect(solanaPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  await solanaPage.screenshot({ path: `${SHOTS}/checkouts-pay-solana-complete.png`, fullPage: true });
  await solanaContext.close();

  // Another payer pays the second checkout with the EVM test wallet.
  const evmContext = await browser.newContext();
  const evmPage = await evmContext.newPage();
  const wallet = await evmWallet(browser, baseURL!);
  await wallet.install(evmPage);
  await evmPage.goto(mugs.link);
  await evmPage.getByRole("button", { name: "Pay with an EVM wallet" }).click();
  await evmPage.getByRole("button", { name: "Connect Payer EVM Wallet" }).click();
  await evmPage.getByRole("button", { name: "Get test USDC" }).click();
  await expect(evmPage.getByText(/^Sent 1,000 USDC and .* ETH to your wallet/)).toBeVisible({ timeout: 30_000 });
  await evmPage.getByRole("button", { name: /^Pay / }).click();
  await expect(evmPage.getByRole("heading", { name: "Payment complete" })).toBeVisible({ timeout: 60_000 });
  await evmPage.screenshot({ path: `${SHOTS}/checkouts-pay-evm-complete.png`, fullPage: true });
  await evmContext.close();

  // The merchant: both Completed, each with its details.
  await page.reload();
  for (const { row, orderId } of [cart, mugs]) {
    await expect(row.getByText("Completed")).toBeVisible({ timeout: 15_000 });
    await row.getByRole("button", { name: `Details of ${orderId}` }).click();
    const details = page.getByRole("dialog", { name: "Transaction Details" });
    await expect(details).toHaveAccessibleDescription(`Payment for ${orderId}`);
    await expect(details.getByRole("rowheader", { name: "Validated", exact: true })).toBeVisible();
    // The order as the payer chose it, frozen on the transaction.
    const order = details.getByRole("table", { name: "Order" });
    if (orderId === cart.orderId) {
      await expect(details).toContainText("65 USDC");
      await expect(order.getByRole("row").filter({ hasText: "Coffee mug" })).toContainText("2");
      await expect(order.getByRole("row").filter({ hasText: "Organic tee" })).toContainText("2");
    } else {
      await expect(order.getByRole("row").filter({ hasText: "Coffee mug" })).toContainText("2");
      await expect(order.getByRole("row").filter({ hasText: "Organic tee" })).toHaveCount(0);
    }
    await page.screenshot({ path: `${SHOTS}/checkouts-merchant-details-${orderId}.png` });
    await page.keyboard.press("Escape");
    await expect(details).toBeHidden();
  }
});
