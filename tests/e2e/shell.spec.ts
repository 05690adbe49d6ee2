import { expect, test } from "@playwright/test";
import { signInMerchant } from "../fixtures/merchant";
import { E2E_PAYMENTS_PORT, SHOTS } from "./pay-helpers";

const NO_ACCESS = "You don't have access to this page";
const EXPIRED = "Current logged-in session has expired, please login again";

test("a merchant without a page's permission sees the permission screen, and stays signed in", async ({ page }) => {
  await signInMerchant(page);
  // A new merchant has the payment products, not the operator-granted Unmapped view.
  await page.goto("/unmapped");
  await expect(page.getByRole("heading", { level: 1, name: NO_ACCESS })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/permission-screen.png`, fullPage: true });

  // A cached session that still claims the permission: the server's 403 turns the page into the same screen.
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem("zpay.session")!);
    user.settings.permissions.push("mapped");
    localStorage.setItem("zpay.session", JSON.stringify(user));
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: NO_ACCESS })).toBeVisible();
  await expect(page.getByText(EXPIRED)).toHaveCount(0);
  await expect(page).toHaveURL(/\/unmapped$/);

  // No logout happened: the way back leads to the dashboard, still signed in.
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("button", { name: /Profile menu for/ })).toBeVisible();
});

test("the shell's language switcher, the sandbox server's production access, API docs and zRamp", async ({ page, request }) => {
  const wallet = await signInMerchant(page);
  // This e2e server runs in sandbox mode: it offers production access, and says so to the page.
  await expect(page.getByRole("button", { name: "Get Production access" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem("zpay.serverMode"))).toBe("sandbox");

  const nav = page.getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "External API Docs" })).toHaveAttribute("href", "/api/docs");
  expect((await request.get("/api/docs")).status()).toBe(200);

  await nav.getByRole("link", { name: "zRamp" }).click();
  await expect(page).toHaveURL(/\/zramp$/);
  await expect(page).toHaveTitle("zRamp - zPay");
  // The configured provider (playwright.config.ts) in its 700 px frame, with the merchant's account and Solana wallet.
  const frame = page.getByTitle("zRamp: buy crypto");
  await expect(frame).toBeVisible();
  const src = new URL((await frame.getAttribute("src"))!);
  expect(src.origin).toBe(`http://localhost:${E2E_PAYMENTS_PORT}`);
  expect(src.searchParams.get("ramp")).toBe("e2e");
  expect(src.searchParams.get("networks")).toBe("solana");
  expect(src.searchParams.get("wallets")).toBe(wallet.address);
  expect(src.searchParams.get("apiKey")).toMatch(/^[0-9a-f-]{36}$/);
  expect(Math.round((await frame.boundingBox())!.height)).toBe(698); // 700 px box, inside its 1 px border
  // The app's CSP lets the frame load (a blocked frame never has a body).
  await expect(page.frameLocator('iframe[title="zRamp: buy crypto"]').locator("body")).not.toBeEmpty();
  await expect(page.getByRole("status", { name: "Loading the ramp…" })).toHaveCount(0);

  await page.getByRole("button", { name: /Profile menu for/ }).click();
  await page.getByRole("menuitemradio", { name: "Français" }).click();
  await expect(nav.getByRole("link", { name: "Tableau de bord" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ouvrir la rampe dans un nouvel onglet" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/zramp-fr.png`, fullPage: true });
  // The choice lasts: the next page opens in French.
  await page.goto("/unmapped");
  await expect(page.getByRole("heading", { level: 1, name: "Vous n’avez pas accès à cette page" })).toBeVisible();
});
