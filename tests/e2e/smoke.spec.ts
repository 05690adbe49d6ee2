import { expect, test } from "@playwright/test";
import { E2E_PAYMENTS_PORT } from "../../playwright.config";

const paymentsOrigin = `http://localhost:${E2E_PAYMENTS_PORT}`;

test.describe("smoke: the started server renders pages", () => {
  test("home page renders in English with the brand in the title", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Home - zPay");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome");
    await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/api/docs");
    await page.screenshot({ path: "test-results/screens/home-en.png" });
    // Signed out, the landing page leads in (issue 28: it was a dead end).
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("switching to French translates the page and is remembered on the next visit", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Language" }).selectOption("fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenue");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page).toHaveTitle("Accueil - zPay");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenue");
    await expect(page).toHaveTitle("Accueil - zPay");
    await expect(page.getByRole("combobox", { name: "Langue" })).toHaveValue("fr");
    await page.screenshot({ path: "test-results/screens/home-fr.png" });
  });

  test("a browser set to French gets French on its first visit", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bienvenue");
    await context.close();
  });

  test("an unknown page shows the 404 screen with a 404 status", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("the phone layout has no horizontal scroll", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: "test-results/screens/home-360.png" });
    await context.close();
  });

  test("the payments origin serves the pay page and not the merchant API", async ({ page, request }) => {
    await page.goto(`${paymentsOrigin}/?p=unknown-id`);
    await expect(page).toHaveTitle("Pay - zPay");
    await expect(page.getByRole("status")).toContainText("does not exist");
    const merchant = await request.get(`${paymentsOrigin}/api/supported-currencies`);
    expect(merchant.status()).toBe(404);
  });

  test("the API docs page renders from our own origin with no outside request", async ({ page }) => {
    const outside: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.hostname !== "localhost" && url.protocol.startsWith("http")) outside.push(req.url());
    });
    await page.goto("/api/docs");
    await expect(page.getByText("zpay API").first()).toBeVisible({ timeout: 20_000 });
    // The first operations are drawn (which ones depends on how many routes come first: health, then currencies).
    await expect(page.getByText(/^\/(health|supported-currencies)/).first()).toBeVisible();
    expect(outside).toEqual([]);
    await page.screenshot({ path: "test-results/screens/api-docs.png" });
  });
});
