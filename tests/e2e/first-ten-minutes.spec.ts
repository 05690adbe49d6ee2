import { expect, test } from "@playwright/test";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { merchantToken } from "../fixtures/merchant";
import { E2E_PAYMENTS_PORT, SHOTS, overflow, payWithSolanaTestWallet, toast } from "./pay-helpers";

const BUSINESS = "Café Lumière";

/**
 * A merchant's first ten minutes (issue 28), in Chromium as a person would: a new merchant lands
 * on `/`, signs in, is led to attach a receiving wallet, names the business, creates a zLink; a
 * payer on a 360 px phone pays it, seeing the business name; the merchant finds it in Orders.
 * Then the same screens in French, at 1280 and 360 px, for the screenshots.
 */
test("a new merchant's first ten minutes: land, sign in, attach a wallet, name the business, create a zLink, get paid, see it in Orders", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => localStorage.setItem("zpay.onboarding", JSON.stringify({ donotShow: true, firstTime: false })));
  const wallet = createSolanaTestWallet();
  await wallet.install(page);

  // The landing page leads to sign-in.
  await page.goto("/");
  await page.screenshot({ path: `${SHOTS}/first-10-landing-en-1280.png` });
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole("button", { name: `Continue with ${wallet.name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Step one: attach a receiving wallet, from the dashboard's next steps.
  const steps = page.getByTestId("next-steps");
  await expect(steps.getByRole("listitem").first()).toContainText("Attach a receiving wallet");
  await page.screenshot({ path: `${SHOTS}/first-10-dashboard-en-1280.png` });
  await steps.getByRole("link", { name: "Attach a wallet" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose a network" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Solana Devnet" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Enter address manually" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: "Wallet address" }).fill(createSolanaTestWallet().address);
  await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
  await page.getByRole("dialog", { name: "Confirm Wallet Address" }).getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("region", { name: "Solana" }).getByText("Entered manually")).toBeVisible();

  // Step two: the business name payers will see.
  await page.goto("/dashboard");
  await page.getByTestId("next-steps").getByRole("link", { name: "Set your business name" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel("Display name").fill(BUSINESS);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page, "Profile saved")).toBeVisible();

  // Then a zLink.
  await page.goto("/quick-pays");
  await page.getByRole("button", { name: "Create Payment Link" }).click();
  const form = page.getByRole("dialog", { name: "Create Payment Link" });
  await form.getByRole("textbox", { name: "Title" }).fill("Morning coffee");
  await form.getByRole("textbox", { name: "Amount" }).fill("4.5");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Payment Link created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Morning coffee" });
  const orderId = (await row.getByRole("cell").nth(1).textContent())!.trim();
  await page.screenshot({ path: `${SHOTS}/first-10-zlink-en-1280.png` });

  // A payer on a phone, no account: the business name, then pays with Solana.
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payer = await payerContext.newPage();
  await createSolanaTestWallet("Payer Wallet").install(payer);
  const payments = `http://localhost:${E2E_PAYMENTS_PORT}`;
  await payer.goto(`${payments}/?p=${orderId}`);
  await expect(payer.getByText(BUSINESS).first()).toBeVisible();
  await payWithSolanaTestWallet(payer, "Pay $4.50");
  expect(await overflow(payer)).toBe(0);
  await payer.screenshot({ path: `${SHOTS}/first-10-paid-en-360.png`, fullPage: true });

  // The merchant sees it in Orders.
  const auth = { authorization: `Bearer ${await merchantToken(page)}` };
  await expect
    .poll(async () => (await (await page.request.get("/api/transactions", { headers: auth })).json()).data.table.list.length, { timeout: 30_000 })
    .toBe(1);
  await page.goto("/transactions");
  const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(1);
  // The row names the product and its type.
  await expect(rows.first()).toContainText("Morning coffee");
  await expect(rows.first()).toContainText("zLink");
  await page.screenshot({ path: `${SHOTS}/first-10-orders-en-1280.png` });

  // The same screens in French, on a desktop and on a phone.
  await page.evaluate(() => localStorage.setItem("zpay.language", "fr"));
  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const [name, path, ready] of [
      ["dashboard", "/dashboard", () => page.getByRole("heading", { name: "Transactions récentes" })],
      ["profile", "/profile", () => page.getByLabel("Nom affiché")],
      ["zlink", "/quick-pays", () => page.getByRole("cell", { name: "Morning coffee" })],
      ["orders", "/transactions", () => page.getByRole("row").filter({ hasText: "Morning coffee" })],
    ] as const) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(ready()).toBeVisible();
      expect(await overflow(page), `${path} at ${width} px in French`).toBe(0);
      await page.screenshot({ path: `${SHOTS}/first-10-${name}-fr-${width}.png` });
    }
  }
  await payer.goto(`${payments}/?p=${orderId}&lng=fr`);
  await expect(payer.getByText(BUSINESS).first()).toBeVisible();
  await payer.screenshot({ path: `${SHOTS}/first-10-pay-fr-360.png`, fullPage: true });
  await payerContext.close();
});
