import { expect, test, type Page } from "@playwright/test";
import { createSolanaTestWallet } from "../fixtures/solana-wallet";
import { signInMerchant as signIn } from "../fixtures/merchant";

const SHOTS = "test-results/screens";
/** The payments origin's port, as playwright.config.ts starts the server. */
const E2E_PAYMENTS_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? 4332);

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test.describe("receiving wallet and zLinks", () => {
  test("a merchant attaches a Solana wallet, then creates, copies, shares, edits and disables a zLink", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page);

    // No wallet yet: the dashboard says so and leads to Deposits.
    const warning = page.getByText("You'll not be able to receive payment, unless you attach a wallet address");
    await expect(warning).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/zlink-dashboard-no-wallet.png` });
    // The warning's own link (Next steps has one too) opens Deposits with the wallet dialog open.
    await page.locator('[data-slot="no-wallet-warning"]').getByRole("link", { name: "Attach a wallet" }).click();
    await expect(page).toHaveURL(/\/settings\/deposits$/);
    await expect(page).toHaveTitle("Deposits - zPay");
    // The page behind the open dialog is hidden from assistive technology (the dialog is modal).
    await expect(page.locator("astro-island h1")).toHaveText("Settings");

    // The address rules as a merchant meets them: the wallet dialog's manual entry on Solana.
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Solana Devnet" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Enter address manually" }).click();
    const address = page.getByRole("textbox", { name: "Wallet address" });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Wallet Address required")).toBeVisible();
    await address.fill("0x52908400098527886E0F7030069857D2E4169EE7");
    await expect(page.getByText("Invalid wallet address. Please double-check and try again.")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/zlink-deposits-invalid.png` });

    const receiving = createSolanaTestWallet().address;
    await address.fill(receiving);
    await page.getByRole("button", { name: "Continue" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Wallet Address" });
    await expect(confirm).toContainText(receiving);
    await expect(confirm).toContainText("Please double-check the entered wallet address as it will be used for all fund management.");
    await expect(confirm.getByRole("link")).toHaveCount(0); // the sandbox devnet has no public explorer
    await page.screenshot({ path: `${SHOTS}/zlink-deposits-confirm.png` });
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(toast(page, "Wallet address saved")).toBeVisible();
    await expect(page.getByText("Entered manually")).toBeVisible();
    await expect(warning).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/zlink-deposits-attached.png` });

    // zLink from the side menu: no warning now, the empty state.
    await page.getByRole("navigation").getByRole("link", { name: "zLink" }).click();
    await expect(page).toHaveURL(/\/quick-pays$/);
    await expect(page).toHaveTitle("zLink - zPay");
    await expect(page.getByRole("cell", { name: "Get paid faster — create your zLink now!" })).toBeVisible();
    await expect(warning).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/zlink-empty.png` });

    // Create, meeting the validation messages on the way.
    await page.getByRole("button", { name: "Create Payment Link" }).click();
    const form = page.getByRole("dialog", { name: "Create Payment Link" });
    const title = form.getByRole("textbox", { name: "Title" });
    const amount = form.getByRole("textbox", { name: "Amount" });
    await expect(title).toHaveValue("Pay Now");
    await title.fill("");
    await expect(form.getByText("Please add button label")).toBeVisible();
    await title.fill("Coffee beans");
    await amount.fill("abc");
    await expect(form.getByText("Invalid price")).toBeVisible();
    await expect(form.getByRole("button", { name: "Create" })).toBeDisabled();
    await amount.fill("-2");
    await expect(form.getByText("Price cannot be less than zero")).toBeVisible();
    await form.getByRole("textbox", { name: "Website" }).fill("my shop");
    await expect(form.getByText(/^Invalid website url \(Ex: http:\/\/localhost:\d+\)$/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/zlink-create-invalid.png` });
    await form.getByRole("textbox", { name: "Website" }).fill("https://beans.example");
    await amount.fill("0.05");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Amount must be at least 0.1")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/zlink-amount-too-small.png` });
    await amount.fill("12.5");
    await form.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Payment Link created successfully")).toBeVisible();
    await expect(form).toBeHidden();

    const row = page.getByRole("row").filter({ hasText: "Coffee beans" });
    await expect(row).toContainText("12.50 USD");
    await expect(row.getByText("Pending")).toBeVisible();
    const orderId = (await row.getByRole("cell").nth(1).textContent())!.trim();
    expect(orderId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{12}$/);
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem("zpay.session")!));
    expect(session.settings.isOnboarded).toBe(true);
    await page.screenshot({ path: `${SHOTS}/zlink-created.png` });

    // Copy Link puts the hosted payment page on the clipboard.
    const pageLink = `http://localhost:${E2E_PAYMENTS_PORT}/?p=${orderId}`;
    await row.getByRole("button", { name: `Copy link of ${orderId}` }).click();
    await expect(toast(page, "Link copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageLink);

    // Instructions: the link, share links, the embed snippet.
    await row.getByRole("button", { name: `Actions for ${orderId}` }).click();
    await page.getByRole("menuitem", { name: "View Instructions" }).click();
    const instructions = page.getByRole("dialog", { name: "zLink Instructions" });
    await expect(instructions.getByRole("textbox", { name: "Hosted payment page" })).toHaveValue(pageLink);
    await expect(instructions.getByRole("link", { name: "Share on X" })).toHaveAttribute("href", /^https:\/\/twitter\.com\/intent\/tweet\?url=/);
    await expect(instructions.getByRole("textbox", { name: "Embed a button" })).toHaveValue(new RegExp(`href="${pageLink.replace(/[.?]/g, "\\$&")}"`));
    await page.screenshot({ path: `${SHOTS}/zlink-instructions.png` });
    await instructions.getByRole("button", { name: "Close" }).click();

    // Edit the amount.
    await row.getByRole("button", { name: `Actions for ${orderId}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Update Payment Link" });
    await expect(edit.getByRole("textbox", { name: "Website" })).toHaveValue("https://beans.example");
    await edit.getByRole("textbox", { name: "Amount" }).fill("15");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(toast(page, "Payment Link updated successfully")).toBeVisible();
    await expect(row).toContainText("15.00 USD");

    // Disable, after the warning: for good.
    await row.getByRole("button", { name: `Actions for ${orderId}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.getByRole("dialog", { name: "Update Payment Link" }).getByRole("button", { name: "Disable" }).click();
    const note = page.getByRole("alertdialog", { name: "Please note" });
    await expect(note).toContainText("Any shared/existing zLink buttons will stop working");
    await page.screenshot({ path: `${SHOTS}/zlink-disable-warning.png` });
    await note.getByRole("button", { name: "Disable" }).click();
    await expect(toast(page, "Disabled successfully")).toBeVisible();
    await expect(row.getByText("Disabled")).toBeVisible();
    await expect(row.getByRole("button", { name: `Actions for ${orderId}` })).toHaveCount(0);
    await expect(row.getByRole("button", { name: `Copy link of ${orderId}` })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/zlink-disabled.png` });

    // The dashboard's next-steps link: ?open-create=true opens the create dialog.
    await page.goto("/quick-pays?open-create=true");
    await expect(page.getByRole("dialog", { name: "Create Payment Link" })).toBeVisible();
    await expect(page).toHaveURL(/\/quick-pays$/);

    // Settings from the profile menu.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /^Profile menu for / }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("link", { name: /Deposits/ })).toHaveAttribute("href", "/settings/deposits");
    await page.screenshot({ path: `${SHOTS}/zlink-settings.png` });
  });

  test("?open-share=true without links opens the create dialog; with one, its instructions", async ({ page }) => {
    await signIn(page);
    await page.goto("/quick-pays?open-share=true");
    const form = page.getByRole("dialog", { name: "Create Payment Link" });
    await expect(form).toBeVisible();
    await form.getByRole("textbox", { name: "Amount" }).fill("3");
    await form.getByRole("combobox", { name: "Currency" }).click();
    await page.getByRole("option", { name: "USDC" }).click();
    await form.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("row").filter({ hasText: "3 USDC" })).toBeVisible();
    await page.goto("/quick-pays?open-share=true");
    await expect(page.getByRole("dialog", { name: "zLink Instructions" })).toBeVisible();
  });

  test("on a 360 px phone: no sideways scroll, the dialogs fit", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await signIn(page);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await page.goto("/settings/deposits");
    await expect(page.getByRole("button", { name: "Connect a wallet" })).toBeVisible();
    expect(await overflow()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/zlink-phone-deposits.png`, fullPage: true });

    await page.goto("/quick-pays");
    await expect(page.getByRole("cell", { name: "Get paid faster — create your zLink now!" })).toBeVisible();
    expect(await overflow()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/zlink-phone-empty.png`, fullPage: true });
    await page.getByRole("button", { name: "Create Payment Link" }).click();
    const form = page.getByRole("dialog", { name: "Create Payment Link" });
    await form.getByRole("textbox", { name: "Amount" }).fill("9.99");
    await page.screenshot({ path: `${SHOTS}/zlink-phone-create.png` });
    await form.getByRole("button", { name: "Create" }).click();
    await expect(toast(page, "Payment Link created successfully")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "9.99 USD" })).toBeVisible();
    expect(await overflow()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/zlink-phone-list.png`, fullPage: true });
    await context.close();
  });
});
