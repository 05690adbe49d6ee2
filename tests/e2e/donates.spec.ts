import { expect, test } from "@playwright/test";
import { signInMerchant } from "../fixtures/merchant";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { E2E_PAYMENTS_PORT, SHOTS, overflow, toast } from "./pay-helpers";

/**
 * Donations end to end, merchant side through the UI: create a page (meeting the messages), copy
 * its link, view its instructions, and the payer's page and start rules on the payments origin.
 * Paying a chosen amount with a wallet needs the pay page's donation UI (branch i12-pay-core).
 */
test("a merchant creates a donation page; a payer opens it and an amount under 0.1 is refused", async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInMerchant(page);

  // Donations from the side menu: the empty state.
  await page.getByRole("navigation").getByRole("link", { name: "Donations" }).click();
  await expect(page).toHaveURL(/\/donates$/);
  await expect(page).toHaveTitle("Donations - zPay");
  await expect(page.getByRole("cell", { name: "Receive support — create your donation page now!" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/donates-empty.png` });

  // Create, meeting the messages on the way.
  await page.getByRole("button", { name: "Create Donation Page" }).click();
  const form = page.getByRole("dialog", { name: "Create Donation Page" });
  const title = form.getByRole("textbox", { name: "Title" });
  await title.fill("x");
  await title.fill("");
  await expect(form.getByText("Please add button label")).toBeVisible();
  await title.fill("Winter shelter fund");
  await form.getByRole("textbox", { name: "Suggested amount 1" }).fill("0.05");
  await expect(form.getByText("Amount must be at least 0.1")).toBeVisible();
  await form.getByRole("textbox", { name: "Suggested amount 2" }).fill("25");
  await expect(form.getByText("This amount is already suggested")).toBeVisible();
  await form.getByRole("textbox", { name: "Website" }).fill("shelter");
  await expect(form.getByText(/^Invalid website url \(Ex: http:\/\/localhost:\d+\)$/)).toBeVisible();
  await expect(form.getByRole("button", { name: "Create" })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/donates-create-invalid.png` });
  await form.getByRole("textbox", { name: "Website" }).fill("https://shelter.example.org");
  await form.getByRole("textbox", { name: "Suggested amount 1" }).fill("5");
  await form.getByRole("textbox", { name: "Suggested amount 2" }).fill("10");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(toast(page, "Donation page created successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Winter shelter fund" });
  await expect(row).toContainText("5.00 USD · 10.00 USD · 25.00 USD");
  await expect(row.getByText("Active")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/donates-created.png` });

  // Copy Link and the instructions.
  const orderId = (await row.getByRole("cell").nth(1).textContent())!.trim();
  const link = `http://localhost:${E2E_PAYMENTS_PORT}/?p=${orderId}`;
  await row.getByRole("button", { name: `Copy link of ${orderId}` }).click();
  await expect(toast(page, "Link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await row.getByRole("button", { name: `Actions for ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "View Instructions" }).click();
  const instructions = page.getByRole("dialog", { name: "Donation Page Instructions" });
  await expect(instructions.getByRole("textbox", { name: "Hosted donation page" })).toHaveValue(link);
  await page.screenshot({ path: `${SHOTS}/donates-instructions.png` });
  await page.keyboard.press("Escape");

  // No donations yet.
  await row.getByRole("button", { name: `Donations of ${orderId}` }).click();
  const donations = page.getByRole("dialog", { name: "Donations" });
  await expect(donations.getByText("No donations yet. Share your page to receive support!")).toBeVisible();
  await page.keyboard.press("Escape");

  // A payer on a phone opens the page; the payer API refuses a missing or too small amount.
  const payerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const payerPage = await payerContext.newPage();
  await payerPage.goto(link);
  await expect(payerPage.getByRole("heading", { name: "Winter shelter fund" })).toBeVisible();
  expect(await overflow(payerPage)).toBe(0);
  await payerPage.screenshot({ path: `${SHOTS}/donates-payer-page.png` });
  const product = await (await payerPage.request.get(`http://localhost:${E2E_PAYMENTS_PORT}/api/pay/${orderId}`)).json();
  expect(product.data).toMatchObject({ type: "donate", donation: { suggestedAmounts: ["5", "10", "25"], minimum: "0.1" } });
  const start = (extra: Record<string, unknown>) =>
    payerPage.request.post(`http://localhost:${E2E_PAYMENTS_PORT}/api/pay/${orderId}/start`, {
      data: { chainId: -5001, token: "USDC", payer: createSolanaTestWallet().address, sessionId: "donation-session-1", ...extra },
    });
  for (const [extra, message] of [
    [{}, "Please choose an amount"],
    [{ amount: "0.05" }, "Amount must be at least 0.1"],
  ] as const) {
    const res = await start(extra);
    expect(res.status()).toBe(400);
    expect((await res.json()).message).toBe(message);
  }
  await payerContext.close();

  // Edit, then disable with the warning: the row reads Disabled and its link no longer opens.
  await row.getByRole("button", { name: `Actions for ${orderId}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const update = page.getByRole("dialog", { name: "Update Donation Page" });
  await update.getByRole("button", { name: "Disable" }).click();
  const warning = page.getByRole("alertdialog", { name: "Please note" });
  await expect(warning).toContainText("Any shared/existing donation buttons will stop working");
  await page.screenshot({ path: `${SHOTS}/donates-disable-warning.png` });
  await warning.getByRole("button", { name: "Disable" }).click();
  await expect(toast(page, "Disabled successfully")).toBeVisible();
  await expect(row.getByText("Disabled")).toBeVisible();
  await expect(row.getByRole("button", { name: `Copy link of ${orderId}` })).toBeDisabled();
  const gone = await page.request.get(`http://localhost:${E2E_PAYMENTS_PORT}/api/pay/${orderId}`);
  expect(gone.status()).toBe(404);
});
